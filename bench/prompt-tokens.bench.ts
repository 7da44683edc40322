/**
 * Tokens sent per step, with and without deferral, at 10, 50 and 200 tools.
 * Run: node bench/prompt-tokens.bench.ts
 *
 * What is measured: the JSON the real @ai-sdk/anthropic provider POSTs to /v1/messages (captured
 * by a loopback server), restricted to what deferral changes: `system` (the tool section from
 * promptSection(); the rest of a mode's prompt is the same in both columns) plus `tools` (every
 * definition as serialized: name, description, input_schema).
 * Estimator: tokens ≈ characters of that JSON / 4, the usual rule of thumb for English and JSON
 * with Claude's tokenizer; it is for comparing columns, not for billing.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { generateText, isStepCount, jsonSchema, type ToolSet, tool } from "ai";
import { syntheticCatalog } from "../eval/tool-search/synthetic-catalog.ts";
import { catalogEntriesFromToolSet } from "../src/tools/catalog/catalog-from-tool-set.ts";
import { createToolCatalog } from "../src/tools/catalog/tool-catalog.ts";
import { startAnthropicCapture } from "../src/tools/deferral/anthropic-capture.fixture.ts";
import { createDeferral } from "../src/tools/deferral/create-deferral.ts";
import { createSearchToolsTool } from "../src/tools/search-tools.ts";

const SIZES = [10, 50, 200];
const CORE = ["read_research", "web_search", "search_tools"];

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
  for (const entry of syntheticCatalog(size - 3)) {
    plain[entry.name] = tool({
      description: entry.description,
      inputSchema: schemaFrom(entry.parameters),
      execute: async () => "ok",
    });
  }
  const catalog = createToolCatalog(catalogEntriesFromToolSet(plain, { core: CORE }));
  return { ...plain, search_tools: createSearchToolsTool(catalog, { onToolCall: () => {} }) };
}

const tokensOf = (request: Record<string, unknown> | undefined) =>
  Math.round(
    JSON.stringify({ system: request?.system ?? "", tools: request?.tools ?? [] }).length / 4,
  );

async function measure(size: number) {
  const tools = toolSet(size);
  const catalog = createToolCatalog(catalogEntriesFromToolSet(tools, { core: CORE }));
  // Without deferral: every definition on every step (threshold above the tool count).
  const all = await capture(tools, createDeferral({ tools, catalog, threshold: size }), false);
  const deferral = createDeferral({ tools, catalog });
  const deferred = await capture(tools, deferral, true);
  return { size, enabled: deferral.enabled, all: all[0], step1: deferred[0], step2: deferred[1] };
}

/** One run of two model steps; with `search`, step 1 calls search_tools for "weather". */
async function capture(
  tools: ToolSet,
  deferral: ReturnType<typeof createDeferral>,
  search: boolean,
) {
  const server = await startAnthropicCapture(
    search ? [{ toolUses: [{ name: "search_tools", input: { query: "weather forecast" } }] }] : [],
  );
  try {
    await generateText({
      model: createAnthropic({ apiKey: "bench", baseURL: server.baseURL })("claude-sonnet-4-5"),
      instructions: deferral.promptSection(),
      prompt: "Plan a trip.",
      tools,
      stopWhen: isStepCount(2),
      prepareStep: (options) => deferral.prepareStep(options),
    });
    return server.requests.map(tokensOf);
  } finally {
    await server.close();
  }
}

const rows = [];
for (const size of SIZES) rows.push(await measure(size));
console.log("prompt tokens per step (system tool section + tool definitions, chars/4)");
console.log("tools  deferral  all-tools/step  deferred step 1  deferred after search  saving");
for (const r of rows) {
  const after = r.step2 ?? r.step1 ?? 0;
  console.log(
    [
      String(r.size).padStart(5),
      (r.enabled ? "on" : "off").padStart(9),
      String(r.all).padStart(15),
      String(r.step1).padStart(16),
      String(after).padStart(22),
      `${(100 * (1 - (r.step1 ?? 0) / (r.all ?? 1))).toFixed(0)}%`.padStart(7),
    ].join(" "),
  );
}
