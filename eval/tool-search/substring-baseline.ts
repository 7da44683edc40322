import type { CatalogEntry } from "../../src/tools/catalog/catalog-entry.ts";

/**
 * Seed 003's searchTools, as shipped: the whole query, lower-cased, as one substring of the
 * name, category or description; catalog order, no ranking. The baseline the ranker must beat.
 */
export function substringSearch(
  entries: readonly CatalogEntry[],
  query: string,
  limit = 5,
): CatalogEntry[] {
  const q = query.toLowerCase();
  return entries
    .filter(
      (t) =>
        t.name.toLowerCase().includes(q) ||
        t.category.toLowerCase().includes(q) ||
        t.description.toLowerCase().includes(q),
    )
    .slice(0, limit);
}
