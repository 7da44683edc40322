import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blocksOf,
  FAKE_API_KEY,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../../../test/fakes/anthropic-server.ts";
import { makeTempTree, type TempTree } from "../../../test/helpers/temp-tree.ts";
import { parseExploreRequest } from "../../config/explore-request.ts";
import { resolveModel } from "../../models/resolve-model.ts";
import { LocalStore } from "../../store/local-store.ts";
import { importMcpTools, type McpImport } from "../../tools/mcp/import-mcp-tools.ts";
import type { ExplorePayload } from "./explore-plan.ts";
import type { ExploreTooling } from "./explore-tools.ts";
import { prepareExploration } from "./prepare-exploration.ts";
import { researchExploration } from "./research-exploration.ts";

/**
 * Deferral end to end as an exploration runs it: the real @ai-sdk/anthropic provider against
 * the loopback fake of the Messages API, with a codebase and a real MCP server over stdio, so
 * more than 10 tools exist and the non-core ones wait behind search_tools.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const CORE = ["read_research", "web_search", "search_tools"];

let tree: TempTree;
let mcp: McpImport;
let fake: FakeAnthropicServer;

beforeAll(async () => {
  tree = await makeTempTree({
    files: {
      "ideas/2026-01-15-solar-dryer/research.md":
        "---\ntitle: Solar dryers\nidea: solar food dryer\n---\n# Solar dryers\n",
      "codebase/src/pricing.ts": "export const PRICE_EUR = 49;\n",
    },
  });
  mcp = await importMcpTools(
    [
      {
        name: "fixture",
        command: path.join(repoRoot, "node_modules/.bin/node"),
        args: [path.join(repoRoot, "test/fixtures/mcp-server/server.ts")],
        env: {},
      },
    ],
    { stderr: "ignore", startTimeoutMs: 30_000 },
  );
  fake = await startFakeAnthropic();
});

afterAll(async () => {
  await mcp?.close();
  await fake?.close();
  await tree?.cleanup();
});

async function explore(tooling: ExploreTooling) {
  const store = new LocalStore({ root: path.join(tree.dir) });
  const payload: ExplorePayload = {
    request: parseExploreRequest({ idea: "A solar food dryer kit for market stalls" }),
    requestedAt: "2026-02-01T10:00:00.000Z",
    runId: "run-1",
  };
  const plan = await prepareExploration(payload, store);
  if (plan.action !== "explore") throw new Error("expected a new exploration");
  const model = resolveModel({ apiKey: FAKE_API_KEY, baseURL: fake.url });
  return researchExploration(payload, plan, { store, model, tooling, logSink: () => {} });
}

const toolNames = (index: number) =>
  (fake.requests[index]?.body.tools ?? []).map((t) => (t as { name: string }).name);

describe("exploring with more than 10 tools (deferral on its own)", () => {
  it("sends core tools first, the tool search_tools found from the next step on, and runs it", async () => {
    const start = fake.requests.length;
    fake.enqueue(
      reply.toolUse("search_tools", { query: "add two numbers" }),
      reply.toolUse("fixture__add", { a: 2, b: 3 }),
      reply.text("# Solar dryer kits\n\nThe kit costs 5 units."),
    );
    const outcome = await explore({ codebase: path.join(tree.dir, "codebase"), mcp });

    expect(fake.requests.length - start).toBe(3);
    // Step 1: only the core tools; nothing deferred is sent.
    expect(toolNames(start)).toEqual(CORE);
    // Step 2: the tools search_tools returned, fixture__add among them, after the core tools.
    const step2 = toolNames(start + 1);
    expect(step2.slice(0, 3)).toEqual(CORE);
    expect(step2).toContain("fixture__add");
    // ...and those are exactly tools the search returned (its result is what the model read).
    const searchResult = JSON.stringify(blocksOf(fake.requests[start + 1]));
    for (const name of step2.slice(3)) expect(searchResult).toContain(name);
    // Step 3: the same list in the same order, so the provider's prompt cache holds.
    expect(toolNames(start + 2)).toEqual(step2);
    // The MCP tool really ran, and the model read its answer.
    expect(JSON.stringify(blocksOf(fake.requests[start + 2]))).toContain(
      String.raw`from=\"fixture/add\">\n5\n</untrusted-data>`,
    );
    expect(outcome.toolCalls.map((c) => [c.name, c.ok])).toEqual([
      ["search_tools", true],
      ["fixture__add", true],
    ]);
    // One system prompt for the whole run: core tools described, the rest listed by category.
    const systems = fake.requests.slice(start).map((r) => JSON.stringify(r.body.system));
    expect(new Set(systems).size).toBe(1);
    expect(systems[0]).toContain("use search_tools first");
    expect(systems[0]).toContain("MCP: fixture:");
    expect(systems[0]).toContain("Codebase:");
    expect(systems[0]).toContain("- web_fetch:");
  });

  it("sends every tool from the first step with --tool-search never", async () => {
    const start = fake.requests.length;
    fake.enqueue(reply.text("# Solar dryer kits\n\nFine."));
    await explore({ codebase: path.join(tree.dir, "codebase"), mcp, toolSearch: "never" });
    const sent = toolNames(start);
    expect(sent).not.toContain("search_tools");
    expect(sent.slice(0, 6)).toEqual([
      "read_research",
      "web_search",
      "search_research",
      "web_fetch",
      "list_files",
      "file_read",
    ]);
    expect(sent).toContain("fixture__add");
    expect(JSON.stringify(fake.requests[start]?.body.system)).not.toContain("search_tools");
  });

  it("loads every tool without a codebase or MCP servers: four tools are under the threshold", async () => {
    const start = fake.requests.length;
    fake.enqueue(reply.text("# Solar dryer kits\n\nFine."));
    await explore({});
    expect(toolNames(start)).toEqual([
      "read_research",
      "web_search",
      "search_research",
      "web_fetch",
    ]);
  });

  it("marks non-core tools defer_loading with Anthropic's native tool search", async () => {
    const start = fake.requests.length;
    fake.enqueue(reply.text("# Solar dryer kits\n\nFine."));
    await explore({ codebase: path.join(tree.dir, "codebase"), toolSearch: "anthropic" });
    const sent = (fake.requests[start]?.body.tools ?? []) as unknown as Record<string, unknown>[];
    expect(sent.map((t) => [t.name, t.defer_loading === true])).toEqual([
      ["read_research", false],
      ["web_search", false],
      ["search_research", true],
      ["web_fetch", true],
      ["list_files", true],
      ["file_read", true],
      ["search_files", true],
      ["tool_search_tool_bm25", false],
    ]);
    expect(JSON.stringify(fake.requests[start]?.body.system)).toContain(
      "use tool_search_tool_bm25 first",
    );
  });
});
