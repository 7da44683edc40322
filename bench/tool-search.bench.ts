/**
 * Search latency over a 1,000-entry catalog: our BM25F ranker vs seed 003's substring match,
 * same process, same queries (the 173 labelled eval queries). Run: node bench/tool-search.bench.ts
 * Target: ranker p50 < 1 ms.
 */
import { loadQueries } from "../eval/tool-search/evaluate.ts";
import { substringSearch } from "../eval/tool-search/substring-baseline.ts";
import { syntheticCatalog } from "../eval/tool-search/synthetic-catalog.ts";
import { createToolCatalog } from "../src/tools/catalog/tool-catalog.ts";

const CATALOG_SIZE = 1000;
const ROUNDS = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function time(queries: string[], search: (q: string) => unknown): { p50: number; p99: number } {
  for (const q of queries) search(q); // warm-up
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of queries) {
      const start = performance.now();
      search(q);
      samples.push(performance.now() - start);
    }
  }
  samples.sort((x, y) => x - y);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

export function runToolSearchBench() {
  const entries = syntheticCatalog(CATALOG_SIZE);
  const queries = loadQueries().map((q) => q.query);
  const buildStart = performance.now();
  const catalog = createToolCatalog(entries);
  const buildMs = performance.now() - buildStart;
  const ranker = time(queries, (q) => catalog.search(q, { limit: 5 }));
  const substring = time(queries, (q) => substringSearch(entries, q, 5));
  return { entries: entries.length, queries: queries.length * ROUNDS, buildMs, ranker, substring };
}

const r = runToolSearchBench();
const ms = (x: number) => `${x.toFixed(3)} ms`;
console.log(`tool-search: ${r.entries} catalog entries, ${r.queries} timed searches`);
console.log(`  index build          ${ms(r.buildMs)} (once per catalog)`);
console.log(`  bm25 ranker          p50 ${ms(r.ranker.p50)}  p99 ${ms(r.ranker.p99)}`);
console.log(`  seed 003 substring   p50 ${ms(r.substring.p50)}  p99 ${ms(r.substring.p99)}`);
console.log(
  `  ratio ranker/substring  p50 ${(r.ranker.p50 / r.substring.p50).toFixed(2)}x  p99 ${(r.ranker.p99 / r.substring.p99).toFixed(2)}x`,
);
console.log(`  target p50 < 1 ms: ${r.ranker.p50 < 1 ? "met" : "MISSED"}`);
