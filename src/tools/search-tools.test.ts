import { generateText, isStepCount } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import {
  SEED_003_CORE,
  SEED_003_METADATA,
  seed003Tools,
} from "../../test/fixtures/seed-003-tools.ts";
import { catalogEntriesFromToolSet } from "./catalog/catalog-from-tool-set.ts";
import { createToolCatalog } from "./catalog/tool-catalog.ts";
import {
  createSearchToolsTool,
  foundToolNames,
  SEARCH_TOOLS_TOOL_NAME,
  searchToolsInputSchema,
} from "./search-tools.ts";
import type { ToolCallLog } from "./tool-call-log.ts";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

const catalog = createToolCatalog(
  catalogEntriesFromToolSet(seed003Tools(), { metadata: SEED_003_METADATA, core: SEED_003_CORE }),
);

/** Drives search_tools the way a model does: raw JSON input through the zod schema. */
async function callSearchTools(input: string) {
  const logs: ToolCallLog[] = [];
  const found: string[][] = [];
  const model = new MockLanguageModelV4({
    doGenerate: [
      {
        content: [{ type: "tool-call", toolCallId: "c1", toolName: SEARCH_TOOLS_TOOL_NAME, input }],
        finishReason: { unified: "tool-calls", raw: "tool_use" },
        usage,
        warnings: [],
      },
      {
        content: [{ type: "text", text: "ok" }],
        finishReason: { unified: "stop", raw: "end_turn" },
        usage,
        warnings: [],
      },
    ],
  });
  const result = await generateText({
    model,
    prompt: "find tools",
    tools: {
      [SEARCH_TOOLS_TOOL_NAME]: createSearchToolsTool(catalog, {
        onToolCall: (l) => logs.push(l),
        onFound: (names) => found.push(names),
      }),
    },
    stopWhen: isStepCount(2),
  });
  const part = result.steps[0]?.content.find(
    (p) => p.type === "tool-result" || p.type === "tool-error",
  );
  return { part, logs, found, model };
}

describe("search_tools", () => {
  it("returns seed 003's result shape for a match, best first, core tools left out", async () => {
    const { part, logs, found } = await callSearchTools('{"query":"  browser  "}');
    expect(part?.type).toBe("tool-result");
    const output = part?.type === "tool-result" ? part.output : undefined;
    expect(output).toMatchObject({ query: "browser" });
    const results = (output as { results: Record<string, unknown>[] }).results;
    expect(results.map((r) => r.name).sort()).toEqual([
      "agentBrowserClose",
      "agentBrowserExtract",
      "agentBrowserInteract",
      "agentBrowserNavigate",
      "browseWeb",
    ]);
    expect(results.find((r) => r.name === "agentBrowserInteract")).toEqual({
      name: "agentBrowserInteract",
      category: "Browser Automation",
      description: expect.stringContaining("Interact with elements"),
      parameters:
        "action (enum: click|fill|type|hover|check|uncheck, required); " +
        "ref (string, required): element ref like '@e1'; value (string, optional): text for fill/type",
      usage: "agentBrowserInteract({ action: 'click', ref: '…' })",
      relatedSkill: "agent-browser",
    });
    expect(found).toEqual([results.map((r) => r.name)]);
    expect(logs).toEqual([
      expect.objectContaining({ name: "search_tools", query: "browser", ok: true, resultCount: 5 }),
    ]);
  });

  it("honours limit and never lists a core tool", async () => {
    const { part } = await callSearchTools('{"query":"document plan weather","limit":1}');
    const output = part?.type === "tool-result" ? part.output : undefined;
    expect(foundToolNames(output)).toEqual(["getWeather"]);
  });

  it("answers a query with no match with the categories to try instead", async () => {
    const { part, found } = await callSearchTools('{"query":"submarine sonar"}');
    const output = part?.type === "tool-result" ? part.output : undefined;
    expect(output).toEqual({
      query: "submarine sonar",
      results: [],
      allCategories: ["Browser Automation", "Web Content", "Code Execution", "Utility"],
      message: expect.stringContaining("No matching tools found"),
    });
    expect(found).toEqual([]);
  });

  it("rejects an empty query through its schema, telling the model what to send", async () => {
    const { part, logs } = await callSearchTools('{"query":"   "}');
    expect(part?.type).toBe("tool-error");
    const message = part?.type === "tool-error" ? String(part.error) : "";
    expect(message).toContain("query must not be empty");
    expect(logs).toEqual([]);
  });

  it("accepts a query of 1,000 characters, a whole request pasted in", async () => {
    const request = "Find the current weather in Oslo and tell me whether it will rain tomorrow. ";
    const query = request.repeat(20).slice(0, 1000).trim().padEnd(1000, "x");
    expect(query).toHaveLength(1000);
    const { part, logs } = await callSearchTools(JSON.stringify({ query }));
    expect(part?.type).toBe("tool-result");
    expect(foundToolNames(part?.type === "tool-result" ? part.output : undefined)[0]).toBe(
      "getWeather",
    );
    expect(logs).toEqual([expect.objectContaining({ ok: true })]);
  });

  it("refuses a query of 1,001 characters with one line saying the limit", async () => {
    const { part, logs } = await callSearchTools(JSON.stringify({ query: "w".repeat(1001) }));
    expect(part?.type).toBe("tool-error");
    const message = part?.type === "tool-error" ? String(part.error) : "";
    expect(message).toContain("query must be at most 1000 characters");
    const issue = searchToolsInputSchema.safeParse({ query: "w".repeat(1001) }).error?.issues;
    expect(issue?.map((i) => i.message)).toEqual(["query must be at most 1000 characters"]);
    expect(logs).toEqual([]);
  });

  it("rejects a limit out of range", async () => {
    const { part } = await callSearchTools('{"query":"browser","limit":50}');
    expect(part?.type).toBe("tool-error");
    expect(part?.type === "tool-error" ? String(part.error) : "").toContain(
      "limit must be at most 10",
    );
  });

  it("describes every parameter and lists the searchable categories to the model", async () => {
    const { model } = await callSearchTools('{"query":"code"}');
    const sent = model.doGenerateCalls[0]?.tools?.[0];
    expect(sent).toMatchObject({ name: "search_tools" });
    const schema = (
      sent as { inputSchema: { properties: Record<string, { description?: string }> } }
    ).inputSchema;
    expect(schema.properties.query?.description).toBeTruthy();
    expect(schema.properties.limit?.description).toBeTruthy();
    expect((sent as { description: string }).description).toContain(
      "Categories: Browser Automation, Web Content, Code Execution, Utility.",
    );
  });
});

describe("foundToolNames", () => {
  it("reads names from a result and nothing from anything else", () => {
    expect(foundToolNames({ results: [{ name: "a" }, { name: 3 }, null] })).toEqual(["a"]);
    expect(foundToolNames("error text")).toEqual([]);
    expect(foundToolNames({ results: "x" })).toEqual([]);
  });
});
