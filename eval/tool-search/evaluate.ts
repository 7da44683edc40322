import { readFileSync } from "node:fs";
import type { CatalogEntry } from "../../src/tools/catalog/catalog-entry.ts";

export type QueryTag = "keyword" | "paraphrase" | "vague" | "multi-tool" | "no-tool";
export const TAGS: readonly QueryTag[] = [
  "keyword",
  "paraphrase",
  "vague",
  "multi-tool",
  "no-tool",
];

export interface LabelledQuery {
  tag: QueryTag;
  query: string;
  /** multi-tool: every tool the task needs. Other tags: any one of these is a right answer. */
  expected: string[];
}

/** A ranker under test: names best first, and optionally how confident it is in the first. */
export type Ranker = (query: string) => { names: string[]; topConfidence?: number };

export interface Scores {
  queries: number;
  recallAt1: number;
  recallAt5: number;
  mrr: number;
}

export interface NoToolScores {
  queries: number;
  /** Share of no-tool queries that returned anything at all. */
  anyResult: number;
  /** Share whose first result the ranker itself rates confident (coverage >= threshold). */
  confident: number;
}

export interface EvalReport {
  overall: Scores;
  byTag: Partial<Record<QueryTag, Scores>>;
  noTool: NoToolScores;
}

const here = new URL(".", import.meta.url);
export const loadCatalog = (): CatalogEntry[] =>
  JSON.parse(readFileSync(new URL("catalog.json", here), "utf8"));
export const loadQueries = (file = "queries.json"): LabelledQuery[] =>
  JSON.parse(readFileSync(new URL(file, here), "utf8"));

/** A first result covering at least this share of the query's information counts as confident. */
export const CONFIDENT_COVERAGE = 0.5;

/**
 * Recall@k: for multi-tool queries the share of the needed tools in the top k (out of at most
 * k); for the other tags 1 when any right answer is in the top k. MRR: 1 / rank of the first
 * right answer in the top 10, else 0.
 */
export function evaluate(queries: readonly LabelledQuery[], ranker: Ranker): EvalReport {
  const rows: { tag: QueryTag; r1: number; r5: number; rr: number }[] = [];
  let anyResult = 0;
  let confident = 0;
  let noToolCount = 0;
  for (const q of queries) {
    const { names, topConfidence } = ranker(q.query);
    if (q.tag === "no-tool") {
      noToolCount += 1;
      if (names.length > 0) anyResult += 1;
      if (names.length > 0 && (topConfidence ?? 1) >= CONFIDENT_COVERAGE) confident += 1;
      continue;
    }
    const expected = new Set(q.expected);
    const needAll = q.tag === "multi-tool";
    const recall = (k: number) => {
      const found = names.slice(0, k).filter((n) => expected.has(n)).length;
      if (!needAll) return found > 0 ? 1 : 0;
      return found / Math.min(k, expected.size);
    };
    const firstRight = names.slice(0, 10).findIndex((n) => expected.has(n));
    rows.push({
      tag: q.tag,
      r1: recall(1),
      r5: recall(5),
      rr: firstRight < 0 ? 0 : 1 / (firstRight + 1),
    });
  }
  const summarize = (subset: typeof rows): Scores => ({
    queries: subset.length,
    recallAt1: mean(subset.map((r) => r.r1)),
    recallAt5: mean(subset.map((r) => r.r5)),
    mrr: mean(subset.map((r) => r.rr)),
  });
  const byTag: Partial<Record<QueryTag, Scores>> = {};
  for (const tag of TAGS) {
    const subset = rows.filter((r) => r.tag === tag);
    if (subset.length > 0) byTag[tag] = summarize(subset);
  }
  return {
    overall: summarize(rows),
    byTag,
    noTool: {
      queries: noToolCount,
      anyResult: noToolCount ? anyResult / noToolCount : 0,
      confident: noToolCount ? confident / noToolCount : 0,
    },
  };
}

function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}
