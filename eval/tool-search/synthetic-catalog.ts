import type { CatalogEntry } from "../../src/tools/catalog/catalog-entry.ts";
import { loadCatalog } from "./evaluate.ts";

/**
 * A large catalog for benches: the eval tools renamed (`web_fetch_3`) and each description
 * mixed with the first sentence of another tool's, so entries are distinct but realistic.
 */
export function syntheticCatalog(size: number): CatalogEntry[] {
  const base = loadCatalog();
  return Array.from({ length: size }, (_, i) => {
    const a = base[i % base.length]!;
    const b = base[(i * 7 + 3) % base.length]!;
    return {
      ...a,
      name: `${a.name}_${Math.floor(i / base.length)}`,
      description: `${a.description} ${b.description.split(". ")[0]}.`,
      core: false,
    };
  });
}
