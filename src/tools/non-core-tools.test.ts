import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateText, isStepCount, type ToolSet } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackSite, serve, startLoopbackSite } from "../../test/fakes/loopback-site.ts";
import { makeTempTree, type TempTree } from "../../test/helpers/temp-tree.ts";
import { LocalStore } from "../store/local-store.ts";
import type { ToolCatalog } from "./catalog/catalog-entry.ts";
import { catalogEntriesFromToolSet } from "./catalog/catalog-from-tool-set.ts";
import { EXPLORE_CORE_TOOLS, PRODUCT_TOOL_METADATA } from "./catalog/product-catalog.ts";
import { createToolCatalog } from "./catalog/tool-catalog.ts";
import { createDeferral } from "./deferral/create-deferral.ts";
import { createFileReadTool } from "./file-read.ts";
import { createListFilesTool } from "./list-files.ts";
import { importMcpTools, type McpImport } from "./mcp/import-mcp-tools.ts";
import { createReadResearchTool } from "./read-research.ts";
import { createSearchResearchTool } from "./search-research.ts";
import { createSearchToolsTool } from "./search-tools.ts";
import { createToolExecutor } from "./tool-executor.ts";
import { createWebFetchTool } from "./web-fetch.ts";
import { createWebSearchTool } from "./web-search.ts";

/**
 * The explore tool set as a runner assembles it with every option on (--codebase, --mcp-config,
 * --allow-private-fetch): core tools, then search_tools, then the non-core tools, then MCP tools.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const quiet = () => {};
let tree: TempTree;
let site: LoopbackSite;
let mcp: McpImport;
let tools: ToolSet;
let catalog: ToolCatalog;

beforeAll(async () => {
  tree = await makeTempTree({
    files: {
      "ideas/2026-01-15-solar-dryer/research.md":
        "---\ntitle: Solar dryers\nidea: solar food dryer\n---\n# x\n",
      "src/index.ts": "export {};\n",
    },
  });
  site = await startLoopbackSite({
    "/page": serve("text/html", "<title>Page</title><p>Fetched text.</p>"),
  });
  mcp = await importMcpTools(
    [
      {
        name: "fixture",
        command: path.join(repo, "node_modules/.bin/node"),
        args: [path.join(repo, "test/fixtures/mcp-server/server.ts")],
        env: {},
      },
    ],
    { stderr: "ignore", onToolCall: quiet },
  );
  const store = new LocalStore({ root: tree.dir });
  const core: ToolSet = {
    read_research: createReadResearchTool(createToolExecutor(store), { log: quiet }),
    web_search: createWebSearchTool({ search: async () => [], onToolCall: quiet }),
  };
  const rest: ToolSet = {
    search_research: createSearchResearchTool({ store, onToolCall: quiet }),
    web_fetch: createWebFetchTool({ allowPrivate: true, onToolCall: quiet }),
    list_files: createListFilesTool({ root: tree.dir, onToolCall: quiet }),
    file_read: createFileReadTool({ root: tree.dir, onToolCall: quiet }),
    ...mcp.tools,
  };
  catalog = createToolCatalog(
    catalogEntriesFromToolSet(
      { ...core, ...rest },
      {
        metadata: { ...PRODUCT_TOOL_METADATA, ...mcp.catalogMetadata },
        core: EXPLORE_CORE_TOOLS,
      },
    ),
  );
  tools = { ...core, search_tools: createSearchToolsTool(catalog, { onToolCall: quiet }), ...rest };
});

afterAll(async () => {
  await mcp?.close();
  await site?.close();
  await tree?.cleanup();
});

describe("the non-core explore tools in the catalog", () => {
  it.each([
    ["read the text of a web page", "web_fetch"],
    ["open this url", "web_fetch"],
    ["find earlier research on a similar idea", "search_research"],
    ["list the files in a folder of the codebase", "list_files"],
    ["read a source file", "file_read"],
    ["add two numbers", "fixture__add"],
  ])("search_tools finds %j as %s", (query, name) => {
    expect(catalog.search(query)[0]?.name).toBe(name);
  });

  it("lists every non-core tool under its category, MCP tools under their server", () => {
    expect(catalog.categories()).toEqual(["Research", "Web", "Codebase", "MCP: fixture"]);
    const deferred = catalog.entries.filter((e) => !e.core).map((e) => e.name);
    expect(deferred.slice(0, 4)).toEqual([
      "search_research",
      "web_fetch",
      "list_files",
      "file_read",
    ]);
  });

  it("are hidden until search_tools finds them, then run", async () => {
    const deferral = createDeferral({ tools, catalog });
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    };
    const call = (toolName: string, input: unknown) => ({
      content: [
        {
          type: "tool-call" as const,
          toolCallId: toolName,
          toolName,
          input: JSON.stringify(input),
        },
      ],
      finishReason: { unified: "tool-calls" as const, raw: undefined },
      usage,
      warnings: [],
    });
    const model = new MockLanguageModelV4({
      doGenerate: [
        call("search_tools", { query: "read a web page" }),
        call("web_fetch", { url: `${site.origin}/page` }),
        {
          content: [{ type: "text", text: "done" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        },
      ],
    });
    const result = await generateText({
      model,
      prompt: "go",
      tools,
      stopWhen: isStepCount(4),
      prepareStep: ({ steps, messages }) => deferral.prepareStep({ steps, messages }),
    });
    const sent = model.doGenerateCalls.map((c) => (c.tools ?? []).map((t) => t.name));
    expect(sent[0]).toEqual(["read_research", "web_search", "search_tools"]);
    expect(sent[1]).toContain("web_fetch");
    const fetched = result.steps[1]?.toolResults[0];
    expect(fetched?.output).toMatchObject({ title: "Page", text: "Fetched text." });
  });
});
