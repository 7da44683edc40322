import { type ToolSet, tool } from "ai";
import { z } from "zod";
import type { ToolCatalog } from "../catalog/catalog-entry.ts";
import { catalogEntriesFromToolSet } from "../catalog/catalog-from-tool-set.ts";
import { createToolCatalog } from "../catalog/tool-catalog.ts";
import { createSearchToolsTool, SEARCH_TOOLS_TOOL_NAME } from "../search-tools.ts";

/** Test fixture: a product-like tool set of `count` tools (3 core, the rest deferrable). */
export function deferralTools(
  count = 12,
  calls: string[] = [],
): { tools: ToolSet; catalog: ToolCatalog } {
  const make = (name: string, description: string) =>
    tool({
      description,
      inputSchema: z.object({ input: z.string().describe("What to work on") }),
      execute: async ({ input }) => {
        calls.push(`${name}(${input})`);
        return `${name} done`;
      },
    });
  const named: [string, string][] = [
    ["read_research", "Read an earlier research file by path."],
    ["web_search", "Search the web for current information."],
    ["web_fetch", "Fetch a URL and return its readable text."],
    ["list_files", "List the files of a codebase folder."],
    ["file_read", "Read a codebase file by path."],
    ["search_research", "Find earlier research by words in its title."],
    ["get_weather", "Get the current weather for a city."],
    ["execute_python", "Run Python code in a sandbox."],
    ["browser_navigate", "Open a URL in the automated browser."],
    ["browser_click", "Click an element in the automated browser."],
    ["calculator", "Evaluate an arithmetic expression."],
  ];
  for (let i = named.length; i < count - 1; i++) {
    named.push([`extra_${String(i).padStart(3, "0")}`, `Extra tool number ${i} for padding.`]);
  }
  const plain: ToolSet = {};
  for (const [name, description] of named.slice(0, count - 1))
    plain[name] = make(name, description);
  const core = ["read_research", "web_search", SEARCH_TOOLS_TOOL_NAME];
  const metaFor = (name: string) => ({
    category: name.split("_")[0] === "browser" ? "Browser" : "General",
  });
  const withoutSearch = createToolCatalog(
    catalogEntriesFromToolSet(plain, {
      core,
      metadata: Object.fromEntries(Object.keys(plain).map((n) => [n, metaFor(n)])),
    }),
  );
  // search_tools sits third, between core tools and the rest, as a runner would place it.
  const entries = Object.entries(plain);
  const tools: ToolSet = Object.fromEntries([
    ...entries.slice(0, 2),
    [SEARCH_TOOLS_TOOL_NAME, createSearchToolsTool(withoutSearch, { onToolCall: () => {} })],
    ...entries.slice(2),
  ]);
  return { tools, catalog: withoutSearch };
}
