import { type DirectoryEntry, listDirectoryInside } from "../sandbox/list-inside.ts";
import type { SandboxRoot } from "../sandbox/sandbox-root.ts";

/**
 * Folders listed but never entered on a walk: dependency and cache trees dwarf the code a
 * reader wants, and dot-folders hold tool state. Asking for one by path still works.
 */
const NOT_ENTERED = new Set(["node_modules", "__pycache__", "vendor", "target"]);

export function isEnteredOnWalk(name: string): boolean {
  return !NOT_ENTERED.has(name) && !name.startsWith(".");
}

export interface WalkOptions {
  /** 1 = the folder's own entries; 2 = and their children; ... */
  maxDepth: number;
  /** Stop after yielding this many entries. */
  maxEntries: number;
}

export interface WalkEntry extends DirectoryEntry {
  depth: number;
}

/**
 * The entries under `rel`, depth first in name order (a tree as read top to bottom), through
 * the sandbox's listing primitive. Links are yielded as links and never followed, so a walk
 * cannot leave the root or loop. Returns whether entries were left out by `maxEntries`.
 */
export async function* walkFolder(
  root: SandboxRoot,
  rel: string,
  options: WalkOptions,
): AsyncGenerator<WalkEntry, { truncated: boolean }> {
  let yielded = 0;
  let truncated = false;
  async function* visit(folder: string, depth: number): AsyncGenerator<WalkEntry, void> {
    // Only the first listing may throw to the caller; a subfolder that vanished or turned
    // unreadable mid-walk is skipped.
    const listing =
      depth === 1
        ? await listDirectoryInside(root, folder)
        : await listDirectoryInside(root, folder).catch(() => undefined);
    if (!listing) return;
    if (listing.truncated) truncated = true;
    for (const entry of listing.entries) {
      if (yielded >= options.maxEntries) {
        truncated = true;
        return;
      }
      yielded += 1;
      yield { ...entry, depth };
      if (entry.kind === "directory" && depth < options.maxDepth && isEnteredOnWalk(entry.name)) {
        yield* visit(entry.path, depth + 1);
      }
    }
  }
  yield* visit(rel, 1);
  return { truncated };
}
