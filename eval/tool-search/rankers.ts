import type { CatalogEntry } from "../../src/tools/catalog/catalog-entry.ts";
import { createToolCatalog } from "../../src/tools/catalog/tool-catalog.ts";
import type { Ranker } from "./evaluate.ts";
import { substringSearch } from "./substring-baseline.ts";

/** Our BM25F ranker, seen through the same interface as the baseline. */
export function bm25Ranker(entries: readonly CatalogEntry[]): Ranker {
  const catalog = createToolCatalog(entries);
  return (query) => {
    const hits = catalog.searchScored(query, { limit: 10 });
    return {
      names: hits.map((h) => h.entry.name),
      ...(hits[0] ? { topConfidence: hits[0].coverage } : {}),
    };
  };
}

/** Seed 003's substring match; it has no notion of confidence, so any result is "confident". */
export function substringRanker(entries: readonly CatalogEntry[]): Ranker {
  return (query) => ({ names: substringSearch(entries, query, 10).map((e) => e.name) });
}
