import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  isHeldOut,
  loadToolLens,
  NDCG_TARGET_RATIO,
  parseTool,
  plainBm25,
  retrievalScores,
  type ToolLensTool,
  toCatalogEntry,
  toolLensRanker,
  toolLensRows,
} from "./toollens.ts";

const line = (id: string, tool: string, api: string, description: string, params = "[]"): string =>
  JSON.stringify({
    _id: id,
    title: "",
    text: `category_name:Data, tool_name:${tool}, api_name:${api}, api_description:${description}, required_params: ${params}, optional_params: [], return_schema: {"a": "str"}`,
  });

const dirs: string[] = [];
function fixture(): string {
  const dir = `${mkdtempSync(join(tmpdir(), "toollens-"))}/`;
  dirs.push(dir);
  writeFileSync(
    `${dir}corpus.jsonl`,
    [
      line("0", "Weather API", "Forecast", "Daily weather forecast for a city"),
      line(
        "1",
        "IP Lookup",
        "Locate",
        "Find where an IP address is",
        '[{"name": "ip", "type": "STRING", "description": "The IP address"}]',
      ),
      line("2", "Recipes", "Search", "Recipes by ingredient"),
    ].join("\n"),
  );
  const queries = Array.from({ length: 40 }, (_, i) =>
    JSON.stringify({ _id: `q${i}`, text: i % 2 ? "weather forecast in Oslo" : "my IP address" }),
  );
  writeFileSync(`${dir}queries-train.jsonl`, queries.join("\n"));
  writeFileSync(
    `${dir}qrels-train.tsv`,
    ["query-id\tcorpus-id\tscore", ...queries.map((_, i) => `q${i}\t${i % 2 ? 0 : 1}\t1`)].join(
      "\n",
    ),
  );
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("ToolLens loader", () => {
  it("skips with a note naming where it looked when the data is absent (a clean clone)", () => {
    const result = loadToolLens(["/nonexistent/toollens-a/", "/nonexistent/toollens-b/"]);
    expect(result).toEqual({
      ok: false,
      note: "ToolLens rows skipped: no corpus.jsonl in /nonexistent/toollens-a/ or /nonexistent/toollens-b/",
    });
  });

  it("reads the first folder that has the data, and splits the queries by id, never by order", () => {
    const dir = fixture();
    const result = loadToolLens(["/nonexistent/", dir]);
    if (!result.ok) throw new Error(result.note);
    const { tools, tuning, heldOut } = result.data;
    expect(tools.map((t) => t.id)).toEqual(["0", "1", "2"]);
    expect(tuning.length + heldOut.length).toBe(40);
    for (const q of heldOut) expect(isHeldOut(q.id)).toBe(true);
    for (const q of tuning) expect(isHeldOut(q.id)).toBe(false);
    expect(heldOut.length).toBeGreaterThan(0);
    expect(tuning.length).toBeGreaterThan(heldOut.length);
    expect(heldOut[0]?.relevant).toBeInstanceOf(Set);
  });

  it("parses a tool's text and turns it into a catalog entry like an imported MCP tool", () => {
    const tool = parseTool(
      "7",
      JSON.parse(
        line(
          "7",
          "Real-Time Finance",
          "Currency Exchange Rate",
          "Get exchange rates.",
          '[{"name": "from_symbol", "type": "STRING", "description": "A 3-letter code"}]',
        ),
      ).text,
    );
    expect(tool).toEqual({
      id: "7",
      category: "Data",
      tool: "Real-Time Finance",
      api: "Currency Exchange Rate",
      description: "Get exchange rates.",
      params: [
        { name: "from_symbol", type: "string", description: "A 3-letter code", required: true },
      ],
    });
    expect(toCatalogEntry(tool)).toMatchObject({
      name: "real_time_finance__currency_exchange_rate",
      category: "Data",
      parameters: "from_symbol (string, required): A 3-letter code",
    });
    expect(() => parseTool("8", "not a tool")).toThrow("ToolLens: tool 8");
  });
});

describe("ToolLens metrics and baseline", () => {
  const q = (relevant: string[]) => ({ id: "q", text: "x", relevant: new Set(relevant) });

  it("computes Recall@k over all relevant tools, binary NDCG@10 and Hit@1", () => {
    const scores = retrievalScores([q(["a", "b"]), q(["c"])], (text) =>
      text === "x" ? ["b", "z", "a"] : [],
    );
    // Query 1: b at 1, a at 3; query 2: c not found.
    const dcg = 1 + 1 / Math.log2(4);
    const ideal = 1 + 1 / Math.log2(3);
    expect(scores.recallAt1).toBeCloseTo((1 / 2 + 0) / 2);
    expect(scores.recallAt5).toBeCloseTo((1 + 0) / 2);
    expect(scores.ndcgAt10).toBeCloseTo(dcg / ideal / 2);
    expect(scores.hitAt1).toBeCloseTo(0.5);
  });

  it("plain BM25 ranks by lower-cased words of name, description and parameters", () => {
    const tools: ToolLensTool[] = [
      {
        id: "0",
        category: "C",
        tool: "Weather",
        api: "Now",
        description: "Current weather",
        params: [],
      },
      {
        id: "1",
        category: "C",
        tool: "Geo",
        api: "Locate",
        description: "Where is it",
        params: [{ name: "ip", type: "string", description: "IP address", required: true }],
      },
    ];
    const rank = plainBm25(tools);
    expect(rank("WEATHER today")).toEqual(["0"]);
    expect(rank("my ip address")).toEqual(["1"]);
    expect(rank("nothing matches")).toEqual([]);
  });

  it("prints held-out rows for the ranker and plain BM25, with the targets", () => {
    const result = loadToolLens([fixture()]);
    if (!result.ok) throw new Error(result.note);
    const rows = toolLensRows(result.data).join("\n");
    expect(rows).toMatch(/held-out \/ ranker\s+\d+\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+[\d.]+/);
    expect(rows).toMatch(/held-out \/ plain BM25\s+\d+/);
    expect(rows).toContain(
      `target held-out NDCG@10 >= ${NDCG_TARGET_RATIO.toFixed(2)} x plain BM25`,
    );
    expect(rows).toContain("target held-out R@1 >= plain BM25");
  });
});

// The real data: in the repository (eval/tool-search/toollens-train) or ../shared beside it.
const real = loadToolLens();
describe.skipIf(!real.ok)("ToolLens held-out part (regressions fail here)", () => {
  it("meets the targets: NDCG@10 >= 1.10 x plain BM25 and R@1 >= plain BM25", () => {
    if (!real.ok) return;
    const { tools, heldOut } = real.data;
    const ours = retrievalScores(heldOut, toolLensRanker(tools));
    const plain = retrievalScores(heldOut, plainBm25(tools));
    expect(ours.ndcgAt10).toBeGreaterThanOrEqual(NDCG_TARGET_RATIO * plain.ndcgAt10);
    expect(ours.recallAt1).toBeGreaterThanOrEqual(plain.recallAt1);
  });
});
