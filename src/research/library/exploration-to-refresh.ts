import type { ResearchSnapshot } from "../../store/research-store.ts";
import { findExistingExploration } from "../existing-exploration.ts";
import { type StaleExploration, staleExplorations } from "../refresh/stale-explorations.ts";

/**
 * One exploration a caller names, by its folder (checked with checkFolderName) or its idea, as a
 * refresh takes it whatever its age. Undefined when there is none, or when its research.md does
 * not record the idea and mode a refresh re-asks (a file this product did not write).
 */
export async function explorationToRefresh(
  store: ResearchSnapshot,
  named: { folder: string } | { idea: string },
  now: Date,
): Promise<StaleExploration | undefined> {
  const folder =
    "folder" in named ? named.folder : (await findExistingExploration(store, named.idea))?.folder;
  if (folder === undefined) return undefined;
  const [found] = await staleExplorations(store, { folder, olderThanDays: 0, now, limit: 1 });
  return found;
}
