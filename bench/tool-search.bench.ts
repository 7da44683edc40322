/**
 * Search latency over a 1,000-entry catalog: our BM25F ranker vs seed 003's substring match,
 * same process, same queries: the labelled eval queries as typed, and long queries of exactly
 * 1,000 characters (the most search_tools accepts), each made of consecutive labelled queries
 * run together like a pasted request. Run: node bench/tool-search.bench.ts
 * Targets: ranker p50 < 0.2 ms on the typed queries and < 1 ms on the 1,000-character ones.
 */
import { loadQueries } from "../eval/tool-search/evaluate.ts";
import { substringSearch } from "../eval/tool-search/substring-baseline.ts";
import { syntheticCatalog } from "../eval/tool-search/synthetic-catalog.ts";
import { createToolCatalog } from "../src/tools/catalog/tool-catalog.ts";

const CATALOG_SIZE = 1000;
const ROUNDS = 20;
const LONG_QUERY_CHARS = 1000;
const TARGET_P50_MS = 0.2;
const TARGET_LONG_P50_MS = 1;

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

/** From each query on, it and the ones after it joined by ". ", cut at exactly `chars`. */
function longQueries(queries: readonly string[], chars: number): string[] {
  return queries.map((_, start) => {
    let text = "";
    for (let i = start; text.length < chars; i = (i + 1) % queries.length) {
      text += `${queries[i]}. `;
    }
    return text.slice(0, chars);
  });
}

export function runToolSearchBench() {
  const entries = syntheticCatalog(CATALOG_SIZE);
  const queries = loadQueries().map((q) => q.query);
  const long = longQueries(queries, LONG_QUERY_CHARS);
  const buildStart = performance.now();
  const catalog = createToolCatalog(entries);
  const buildMs = performance.now() - buildStart;
  const ranker = time(queries, (q) => catalog.search(q, { limit: 5 }));
  const rankerLong = time(long, (q) => catalog.search(q, { limit: 5 }));
  const substring = time(queries, (q) => substringSearch(entries, q, 5));
  return {
    entries: entries.length,
    queries: queries.length * ROUNDS,
    longQueries: long.length * ROUNDS,
    buildMs,
    ranker,
    rankerLong,
    substring,
  };
}

const r = runToolSearchBench();
const ms = (x: number) => `${x.toFixed(3)} ms`;
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
console.log(
  `tool-search: ${r.entries} catalog entries, ${r.queries} timed searches as typed, ` +
    `${r.longQueries} of ${LONG_QUERY_CHARS} characters`,
);
console.log(`  index build            ${ms(r.buildMs)} (once per catalog)`);
console.log(`  bm25 ranker            p50 ${ms(r.ranker.p50)}  p99 ${ms(r.ranker.p99)}`);
console.log(`  bm25 ranker, 1,000 ch  p50 ${ms(r.rankerLong.p50)}  p99 ${ms(r.rankerLong.p99)}`);
console.log(`  seed 003 substring     p50 ${ms(r.substring.p50)}  p99 ${ms(r.substring.p99)}`);
console.log(
  `  ratio ranker/substring  p50 ${(r.ranker.p50 / r.substring.p50).toFixed(2)}x  p99 ${(r.ranker.p99 / r.substring.p99).toFixed(2)}x`,
);
console.log(
  `  ratio 1,000-character/typed queries  p50 ${(r.rankerLong.p50 / r.ranker.p50).toFixed(1)}x`,
);
console.log(`  target p50 < ${TARGET_P50_MS} ms: ${verdict(r.ranker.p50 < TARGET_P50_MS)}`);
console.log(
  `  target p50 < ${TARGET_LONG_P50_MS} ms at ${LONG_QUERY_CHARS} characters: ${verdict(r.rankerLong.p50 < TARGET_LONG_P50_MS)}`,
);
