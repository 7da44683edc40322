/**
 * Tokens sent per step, with and without deferral, at 10, 50 and 200 tools.
 * Run: node bench/prompt-tokens.bench.ts
 *
 * What is measured: the JSON the real @ai-sdk/anthropic provider POSTs to /v1/messages (captured
 * by a loopback server): `system` (the whole explore system prompt, built by buildExplorePrompt
 * from the tools planToolLoading loads, plus its list of deferred tools) and `tools` (every
 * definition sent, as serialized: name, description, input_schema). "No deferral" is
 * --tool-search never; "deferred" is --tool-search always; "auto defers" says what the
 * default does at that size (it defers above 10 tools).
 * Estimator: tokens ≈ characters of that JSON / 4, the usual rule of thumb for English and JSON
 * with Claude's tokenizer; it is for comparing columns, not for billing.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { generateText, isStepCount, jsonSchema, type ToolSet, tool } from "ai";
import { syntheticCatalog } from "../eval/tool-search/synthetic-catalog.ts";
import { buildExplorePrompt } from "../src/prompts/explore-prompt.ts";
import { EXPLORE_CORE_TOOLS } from "../src/tools/catalog/product-catalog.ts";
import {
  planToolLoading,
  type ToolLoading,
  type ToolSearchMode,
} from "../src/tools/deferral/tool-loading.ts";
import { startAnthropicCapture } from "../test/fakes/anthropic-capture.ts";

const SIZES = [10, 50, 200];

/** A JSON schema rebuilt from a catalog parameter summary ("url (string, required): …; …"). */
function schemaFrom(summary: string) {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  if (summary !== "none") {
    for (const part of summary.split("; ")) {
      const m = part.match(/^(\w+) \(([^,)]+)(?:, (required|optional))?[^)]*\)(?:: (.*))?$/);
      if (!m) continue;
      const [, name = "", type = "string", need, description] = m;
      const json = type.endsWith("[]")
        ? { type: "array", items: { type: "string" } }
        : type.startsWith("enum")
          ? { type: "string", enum: type.slice(6).split("|") }
          : { type: ["string", "number", "integer", "boolean"].includes(type) ? type : "object" };
      properties[name] = description ? { ...json, description } : json;
      if (need === "required") required.push(name);
    }
  }
  return jsonSchema({ type: "object", properties, required, additionalProperties: false });
}

/** `size` tools as an exploration would have them: two core tools, then non-core ones. */
function toolSet(size: number): ToolSet {
  const plain: ToolSet = {};
  plain.read_research = tool({
    description: "Read an earlier research file from the ideas repository by path.",
    inputSchema: schemaFrom("path (string, required): e.g. ideas/2025-01-02-x/research.md"),
    execute: async () => "",
  });
  plain.web_search = tool({
    description: "Search the web for current information. Returns titles, snippets and URLs.",
    inputSchema: schemaFrom("query (string, required): Search keywords"),
    execute: async () => "",
  });
  for (const entry of syntheticCatalog(size - 2)) {
    plain[entry.name] = tool({
      description: entry.description,
      inputSchema: schemaFrom(entry.parameters),
      execute: async () => "ok",
    });
  }
  return plain;
}

const tokensOf = (request: Record<string, unknown> | undefined) =>
  Math.round(
    JSON.stringify({ system: request?.system ?? "", tools: request?.tools ?? [] }).length / 4,
  );

async function measure(size: number) {
  const tools = toolSet(size);
  const plan = (mode: ToolSearchMode) =>
    planToolLoading({ tools, core: EXPLORE_CORE_TOOLS, mode, onToolCall: () => {} });
  const all = await capture(plan("never"), false);
  const deferred = await capture(plan("always"), true);
  return {
    size,
    auto: plan("auto").strategy === "all" ? "off" : "on",
    all: all[0],
    step1: deferred[0],
    step2: deferred[1],
  };
}

/**
 * Two model steps of an exploration with the product's own system prompt (its tool guidance
 * describes the loaded tools; the deferral section lists the rest); with `search`, step 1 calls
 * search_tools for "weather forecast".
 */
async function capture(plan: ToolLoading, search: boolean) {
  const server = await startAnthropicCapture(
    search ? [{ toolUses: [{ name: "search_tools", input: { query: "weather forecast" } }] }] : [],
  );
  const promptTools = Object.fromEntries(
    plan.visible.map((name) => [name, plan.tools[name] as ToolSet[string]]),
  );
  const { system } = buildExplorePrompt({
    mode: "business",
    idea: "A trip planner for cyclists",
    tools: promptTools,
    toolSection: plan.promptSection,
    priorResearch: [],
    date: "2026-01-01",
    maxSteps: 5,
  });
  try {
    await generateText({
      model: createAnthropic({ apiKey: "bench", baseURL: server.baseURL })("claude-sonnet-4-5"),
      instructions: system,
      prompt: "Plan a trip.",
      tools: plan.tools,
      stopWhen: isStepCount(2),
      ...(plan.prepareStep ? { prepareStep: plan.prepareStep } : {}),
    });
    return server.requests.map(tokensOf);
  } finally {
    await server.close();
  }
}

const rows = [];
for (const size of SIZES) rows.push(await measure(size));
console.log("tokens per step: explore system prompt + tool definitions (chars/4)");
console.log(
  "tools  auto defers  no deferral  deferred step 1  deferred after search  saving step 1",
);
for (const r of rows) {
  const after = r.step2 ?? r.step1 ?? 0;
  console.log(
    [
      String(r.size).padStart(5),
      r.auto.padStart(12),
      String(r.all).padStart(12),
      String(r.step1).padStart(16),
      String(after).padStart(22),
      `${(100 * (1 - (r.step1 ?? 0) / (r.all ?? 1))).toFixed(0)}%`.padStart(14),
    ].join(" "),
  );
}
const [small, , large] = rows;
const growth =
  ((large?.step1 ?? 0) - (small?.step1 ?? 0)) / ((large?.all ?? 1) - (small?.all ?? 0));
console.log(
  `with deferral, step 1 grows by ${(100 * growth).toFixed(1)}% of what sending every tool adds ` +
    `from ${small?.size} to ${large?.size} tools (target: nearly flat): ${growth < 0.1 ? "met" : "MISSED"}`,
);
