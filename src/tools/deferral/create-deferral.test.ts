import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { deferralTools } from "../../../test/fixtures/deferral-tools.ts";
import { createDeferral } from "./create-deferral.ts";

const searchResult = (...names: string[]) => ({
  toolResults: [
    { toolName: "search_tools", output: { query: "q", results: names.map((name) => ({ name })) } },
  ],
});

describe("createDeferral", () => {
  it("loads every tool, and not search_tools, at or below the threshold", () => {
    const { tools, catalog } = deferralTools(10);
    const deferral = createDeferral({ tools, catalog });
    expect(deferral.enabled).toBe(false);
    expect(deferral.activeTools()).toEqual(Object.keys(tools).filter((n) => n !== "search_tools"));
    expect(deferral.deferred).toEqual([]);
    expect(deferral.promptSection()).toBe("");
  });

  it("above the threshold loads only core tools and search_tools until something is found", () => {
    const { tools, catalog } = deferralTools(12);
    const deferral = createDeferral({ tools, catalog });
    expect(deferral.enabled).toBe(true);
    expect(deferral.activeTools({ steps: [] })).toEqual([
      "read_research",
      "web_search",
      "search_tools",
    ]);
    expect(deferral.deferred).toContain("web_fetch");
  });

  it("a found tool becomes active, stays active, and the order is the tool set's", () => {
    const { tools, catalog } = deferralTools(12);
    const deferral = createDeferral({ tools, catalog });
    const steps = [searchResult("calculator", "web_fetch")];
    const afterFirst = deferral.activeTools({ steps });
    expect(afterFirst).toEqual([
      "read_research",
      "web_search",
      "search_tools",
      "web_fetch",
      "calculator",
    ]);
    // A later search that finds nothing, and one that finds another tool, keep earlier finds.
    steps.push({
      toolResults: [{ toolName: "search_tools", output: { query: "x", results: [] } }],
    });
    steps.push(searchResult("list_files"));
    expect(deferral.activeTools({ steps })).toEqual([
      "read_research",
      "web_search",
      "search_tools",
      "web_fetch",
      "list_files",
      "calculator",
    ]);
  });

  it("ignores names that are not deferred tools of this set and results of other tools", () => {
    const { tools, catalog } = deferralTools(12);
    const deferral = createDeferral({ tools, catalog });
    const steps = [
      searchResult("no_such_tool"),
      { toolResults: [{ toolName: "web_search", output: { results: [{ name: "calculator" }] } }] },
    ];
    expect(deferral.activeTools({ steps })).toEqual([
      "read_research",
      "web_search",
      "search_tools",
    ]);
  });

  it("remembers tools found in earlier turns of a conversation, from its messages", () => {
    const { tools, catalog } = deferralTools(12);
    const deferral = createDeferral({ tools, catalog });
    const messages: ModelMessage[] = [
      { role: "user", content: "hi" },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "1",
            toolName: "search_tools",
            output: { type: "json", value: { query: "q", results: [{ name: "get_weather" }] } },
          },
          {
            type: "tool-result",
            toolCallId: "2",
            toolName: "search_tools",
            output: { type: "error-text", value: "query must not be empty" },
          },
        ],
      },
    ];
    expect(deferral.prepareStep({ messages, steps: [] })).toEqual({
      activeTools: ["read_research", "web_search", "search_tools", "get_weather"],
    });
  });

  it("keeps tools the catalog does not list always active, and honours a custom threshold", () => {
    const { tools, catalog } = deferralTools(12);
    const deferral = createDeferral({
      tools: { ...tools, provider_tool: { ...tools.web_search! } },
      catalog,
      threshold: 20,
    });
    expect(deferral.enabled).toBe(false);
    const on = createDeferral({ tools: { ...tools, mystery: tools.web_search! }, catalog });
    expect(on.alwaysActive).toEqual(["read_research", "web_search", "search_tools", "mystery"]);
  });

  it("refuses a large tool set without search_tools, and a bad threshold, in one line", () => {
    const { tools, catalog } = deferralTools(12);
    const { search_tools: _, ...withoutSearch } = tools;
    expect(() => createDeferral({ tools: withoutSearch, catalog })).toThrow(
      "deferral: 11 tools need the search_tools tool in the tool set so hidden tools can be found",
    );
    expect(() => createDeferral({ tools, catalog, threshold: -1 })).toThrow(
      "deferral: threshold must be a whole number >= 0, got -1",
    );
  });

  it("renders core tools, then deferred tools by category with 'use search_tools first'", () => {
    const { tools, catalog } = deferralTools(12);
    const section = createDeferral({ tools, catalog }).promptSection();
    expect(section.split("\n")).toEqual([
      "## Tools",
      "- read_research: Read an earlier research file by path.",
      "- web_search: Search the web for current information.",
      expect.any(String),
      "",
      "## More tools (use search_tools first)",
      expect.any(String),
      "General:",
      "- web_fetch: Fetch a URL and return its readable text.",
      "- list_files: List the files of a codebase folder.",
      "- file_read: Read a codebase file by path.",
      "- search_research: Find earlier research by words in its title.",
      "- get_weather: Get the current weather for a city.",
      "- execute_python: Run Python code in a sandbox.",
      "- calculator: Evaluate an arithmetic expression.",
      "Browser:",
      "- browser_navigate: Open a URL in the automated browser.",
      "- browser_click: Click an element in the automated browser.",
    ]);
    expect(section).toContain("FIRST call search_tools");
  });

  it("lists names only, one line per category, on request and above 40 deferred tools", () => {
    const { tools, catalog } = deferralTools(12);
    const names = createDeferral({ tools, catalog }).promptSection({ listing: "names" });
    expect(names).toContain(
      "- General: web_fetch, list_files, file_read, search_research, get_weather, execute_python, calculator",
    );
    expect(names).toContain("- Browser: browser_navigate, browser_click");
    const big = deferralTools(50);
    const auto = createDeferral(big).promptSection();
    expect(auto).toContain("- General: web_fetch, list_files,");
    expect(auto).not.toContain("- extra_011: Extra tool");
    expect(createDeferral(deferralTools(40)).promptSection()).toContain("- extra_011: Extra tool");
  });
});
