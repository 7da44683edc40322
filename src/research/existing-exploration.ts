import type { ResearchSnapshot } from "../store/research-store.ts";
import { fingerprintIdea, slugifyIdea } from "./idea-identity.ts";
import { parseResearch, type ResearchDocument } from "./research-document.ts";

export interface ExistingExploration {
  /** Folder name under ideas/, e.g. "2026-11-22-solar-kiosks". */
  folder: string;
  document: ResearchDocument;
}

// Only folders with the idea's slug can hold it; reading a handful bounds the cost on big stores.
const MAX_CANDIDATES = 20;

/**
 * The newest earlier exploration of the same idea: a folder with the idea's slug whose
 * research.md carries the idea's fingerprint. A different idea that slugifies alike is not a
 * duplicate.
 */
export async function findExistingExploration(
  store: ResearchSnapshot,
  idea: string,
  folders?: string[],
): Promise<ExistingExploration | undefined> {
  const fingerprint = fingerprintIdea(idea);
  const candidates = foldersForSlug(folders ?? (await store.listIdeaFolders()), slugifyIdea(idea));
  for (const folder of candidates.slice(0, MAX_CANDIDATES)) {
    const text = await store.readText(`ideas/${folder}/research.md`);
    const document = text === undefined ? undefined : parseResearch(text);
    if (document?.frontmatter.fingerprint === fingerprint) return { folder, document };
  }
  return undefined;
}

/** A folder name for a new exploration: "<date>-<slug>", or "-2", "-3"... when that is taken. */
export function newFolderName(folders: string[], date: string, slug: string): string {
  const taken = new Set(folders);
  const base = `${date}-${slug}`;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function foldersForSlug(folders: string[], slug: string): string[] {
  const pattern = new RegExp(`^\\d{4}-\\d{2}-\\d{2}-${slug}(-\\d+)?$`);
  return folders.filter((f) => pattern.test(f)).sort((a, b) => b.localeCompare(a));
}
