import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildIndex, type RankerSettings, rank } from "../../src/tools/catalog/bm25-index.ts";
import type { CatalogEntry } from "../../src/tools/catalog/catalog-entry.ts";
import { summarizeParameters, usageExample } from "../../src/tools/catalog/parameter-summary.ts";

/**
 * ToolLens (COLT, CIKM 2024; CC BY-SA 4.0), train split only: a public tool-retrieval benchmark
 * nobody on this project wrote. The test split is deliberately absent: it is how the ranker is
 * judged, so nothing here may be tuned on it. The train queries are split once, by a hash of
 * the query id, into a tuning part (what the ranker's settings were chosen on) and a held-out
 * part (what the figures are reported on). See toollens-train/README.md for the format.
 */

/** Where the data is looked for, in order: the copy in this repository, then ../shared beside it. */
export const TOOLLENS_DIRS: readonly string[] = [
  fileURLToPath(new URL("toollens-train/", import.meta.url)),
  fileURLToPath(new URL("../../../shared/data/toollens-train/", import.meta.url)),
];

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Share of the train queries held out (by hash of the query id, so the split never moves). */
export const HELD_OUT_PERCENT = 25;

export interface ToolLensTool {
  id: string;
  category: string;
  tool: string;
  api: string;
  description: string;
  params: { name: string; type: string; description: string; required: boolean }[];
}

export interface ToolLensQuery {
  id: string;
  text: string;
  relevant: ReadonlySet<string>;
}

export interface ToolLensData {
  dir: string;
  tools: ToolLensTool[];
  tuning: ToolLensQuery[];
  heldOut: ToolLensQuery[];
}

/** The data, or why it is not there (CI runs on a clean clone, where ../shared may not exist). */
export function loadToolLens(
  dirs: readonly string[] = TOOLLENS_DIRS,
): { ok: true; data: ToolLensData } | { ok: false; note: string } {
  const dir = dirs.find((d) => existsSync(`${d}corpus.jsonl`));
  if (!dir) {
    return {
      ok: false,
      note: `ToolLens rows skipped: no corpus.jsonl in ${dirs.join(" or ")}`,
    };
  }
  const tools = jsonLines(`${dir}corpus.jsonl`).map((row) =>
    parseTool(String(row._id), String(row.text)),
  );
  const relevant = new Map<string, Set<string>>();
  for (const line of readFileSync(`${dir}qrels-train.tsv`, "utf8").split("\n").slice(1)) {
    const [query, tool, score] = line.split("\t");
    if (!query || !tool || Number(score) <= 0) continue;
    const set = relevant.get(query) ?? new Set<string>();
    set.add(tool);
    relevant.set(query, set);
  }
  const tuning: ToolLensQuery[] = [];
  const heldOut: ToolLensQuery[] = [];
  for (const row of jsonLines(`${dir}queries-train.jsonl`)) {
    const id = String(row._id);
    const rel = relevant.get(id);
    if (!rel) continue;
    (isHeldOut(id) ? heldOut : tuning).push({ id, text: String(row.text), relevant: rel });
  }
  return { ok: true, data: { dir, tools, tuning, heldOut } };
}

/** The fixed split: the first 4 bytes of SHA-256(query id), mod 100, below HELD_OUT_PERCENT. */
export function isHeldOut(queryId: string): boolean {
  return createHash("sha256").update(queryId).digest().readUInt32BE(0) % 100 < HELD_OUT_PERCENT;
}

function jsonLines(path: string): Record<string, unknown>[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

const TOOL_TEXT =
  /^category_name:(.*?), tool_name:(.*?), api_name:(.*?), api_description:(.*?), required_params: (\[.*?\]), optional_params: (\[.*?\]), return_schema: /s;

export function parseTool(id: string, text: string): ToolLensTool {
  const m = TOOL_TEXT.exec(text);
  if (!m) throw new Error(`ToolLens: tool ${id} does not have the expected text layout`);
  const params = (json: string, required: boolean) =>
    (JSON.parse(json) as { name?: unknown; type?: unknown; description?: unknown }[]).map((p) => ({
      name: String(p.name ?? ""),
      type: String(p.type ?? "").toLowerCase(),
      description: String(p.description ?? ""),
      required,
    }));
  return {
    id,
    category: m[1] ?? "",
    tool: m[2] ?? "",
    api: m[3] ?? "",
    description: m[4] ?? "",
    params: [...params(m[5] ?? "[]", true), ...params(m[6] ?? "[]", false)],
  };
}

/**
 * A ToolLens tool as search_tools would see it when imported like an MCP tool: an identifier
 * name (`worldwide_recipes__suggestions`), its category, the API description, and the parameter
 * summary and usage example built from a JSON schema by the same code as for real tools.
 */
export function toCatalogEntry(t: ToolLensTool): CatalogEntry {
  const schema = {
    type: "object",
    properties: Object.fromEntries(
      t.params.map((p) => [
        p.name,
        { type: p.type === "number" ? "number" : "string", description: p.description },
      ]),
    ),
    required: t.params.filter((p) => p.required).map((p) => p.name),
  };
  const name = toolLensName(t);
  return {
    name,
    category: t.category,
    description: t.description,
    parameters: summarizeParameters(schema),
    usage: usageExample(name, schema),
    core: false,
  };
}

function slug(text: string): string {
  return text
    .replace(/[^\p{L}\p{N}]+/gu, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

/** `<tool>__<api>`, the way an imported MCP tool is named; unique across the corpus. */
export function toolLensName(t: ToolLensTool): string {
  return `${slug(t.tool)}__${slug(t.api)}`;
}

export interface RetrievalScores {
  queries: number;
  recallAt1: number;
  recallAt5: number;
  ndcgAt10: number;
  hitAt1: number;
}

/** The README's metrics: Recall@k = |top-k ∩ relevant| / |relevant|, binary NDCG@10, Hit@1. */
export function retrievalScores(
  queries: readonly ToolLensQuery[],
  rank: (text: string) => readonly string[],
): RetrievalScores {
  let r1 = 0;
  let r5 = 0;
  let ndcg = 0;
  let hit = 0;
  for (const q of queries) {
    const top = rank(q.text).slice(0, 10);
    const rel = q.relevant;
    const found = (k: number) => top.slice(0, k).filter((id) => rel.has(id)).length;
    r1 += found(1) / rel.size;
    r5 += found(5) / rel.size;
    hit += found(1) > 0 ? 1 : 0;
    let dcg = 0;
    top.forEach((id, i) => {
      if (rel.has(id)) dcg += 1 / Math.log2(i + 2);
    });
    let ideal = 0;
    for (let i = 0; i < Math.min(rel.size, 10); i++) ideal += 1 / Math.log2(i + 2);
    ndcg += dcg / ideal;
  }
  const n = queries.length || 1;
  return {
    queries: queries.length,
    recallAt1: r1 / n,
    recallAt5: r5 / n,
    ndcgAt10: ndcg / n,
    hitAt1: hit / n,
  };
}

/**
 * The baseline: plain Okapi BM25 (k1 1.2, b 0.75, the non-negative idf
 * ln(1 + (N − df + 0.5) / (df + 0.5))), lower-cased word tokens with nothing dropped or stemmed,
 * one document per tool: tool and API name, description, parameter names and descriptions.
 */
export function plainBm25(tools: readonly ToolLensTool[]): (text: string) => string[] {
  const k1 = 1.2;
  const b = 0.75;
  const docs = tools.map((t) =>
    plainTokens(
      [t.tool, t.api, t.description, ...t.params.flatMap((p) => [p.name, p.description])].join(" "),
    ),
  );
  const avg = docs.reduce((s, d) => s + d.length, 0) / (docs.length || 1);
  const postings = new Map<string, { doc: number; tf: number }[]>();
  docs.forEach((terms, doc) => {
    const counts = new Map<string, number>();
    for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [term, tf] of counts) {
      const list = postings.get(term) ?? [];
      list.push({ doc, tf });
      postings.set(term, list);
    }
  });
  const n = docs.length;
  return (text) => {
    const scores = new Map<number, number>();
    for (const term of new Set(plainTokens(text))) {
      const list = postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, tf } of list) {
        const norm = k1 * (1 - b + (b * (docs[doc]?.length ?? 0)) / avg);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (k1 + 1)) / (tf + norm));
      }
    }
    return [...scores]
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, 10)
      .map(([doc]) => tools[doc]?.id ?? "");
  };
}

function plainTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The ranker search_tools uses, over the ToolLens tools; ids best first. */
export function toolLensRanker(
  tools: readonly ToolLensTool[],
  settings?: RankerSettings,
): (text: string) => string[] {
  const entries = tools.map(toCatalogEntry);
  const idByName = new Map(tools.map((t, i) => [entries[i]?.name ?? "", t.id]));
  const index = buildIndex(entries, settings);
  return (text) =>
    rank(index, text)
      .slice(0, 10)
      .map((hit) => idByName.get(hit.entry.name) ?? "");
}

/** Targets on the held-out part: NDCG@10 ≥ 1.10 × plain BM25 and R@1 ≥ plain BM25. */
export const NDCG_TARGET_RATIO = 1.1;

/** The lines `npm run eval:tools` prints for ToolLens. */
export function toolLensRows(data: ToolLensData): string[] {
  const ours = toolLensRanker(data.tools);
  const plain = plainBm25(data.tools);
  const fmt = (x: number) => x.toFixed(3).padStart(9);
  const lines = [
    `ToolLens train split (COLT, CIKM 2024; CC BY-SA 4.0), ${data.tools.length} tools, from ${relative(REPO_ROOT, data.dir) || "."}`,
    `  split by SHA-256 of the query id: ${data.tuning.length} tuning queries (settings chosen on these), ` +
      `${data.heldOut.length} held out (reported here; no setting fitted to them)`,
    `  ${"part / ranker".padEnd(26)} ${"n".padStart(5)} ${["R@1", "R@5", "NDCG@10", "Hit@1"].map((h) => h.padStart(9)).join(" ")}`,
  ];
  const scores: Record<string, RetrievalScores> = {};
  for (const [part, queries] of [
    ["held-out", data.heldOut],
    ["tuning", data.tuning],
  ] as const) {
    for (const [name, ranker] of [
      ["ranker", ours],
      ["plain BM25", plain],
    ] as const) {
      const s = retrievalScores(queries, ranker);
      scores[`${part} ${name}`] = s;
      lines.push(
        `  ${`${part} / ${name}`.padEnd(26)} ${String(s.queries).padStart(5)} ${[s.recallAt1, s.recallAt5, s.ndcgAt10, s.hitAt1].map(fmt).join(" ")}`,
      );
    }
  }
  const a = scores["held-out ranker"];
  const b = scores["held-out plain BM25"];
  if (a && b) {
    const ratio = a.ndcgAt10 / b.ndcgAt10;
    lines.push(
      `  target held-out NDCG@10 >= ${NDCG_TARGET_RATIO.toFixed(2)} x plain BM25: ${ratio.toFixed(3)}x, ${ratio >= NDCG_TARGET_RATIO ? "met" : "MISSED"}`,
      `  target held-out R@1 >= plain BM25: ${a.recallAt1.toFixed(3)} vs ${b.recallAt1.toFixed(3)}, ${a.recallAt1 >= b.recallAt1 ? "met" : "MISSED"}`,
    );
  }
  return lines;
}
