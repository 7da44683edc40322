import type { Dirent, Stats } from "node:fs";

/**
 * What a path is, without following it. A link is reported as "symlink" and never resolved,
 * the way a store that must not leave its folder should treat it (GitHub's Contents API also
 * reports links to non-files as `type: "symlink"`).
 */
export type EntryKind = "file" | "directory" | "symlink" | "other";

export function entryKind(stats: Stats | Dirent): EntryKind {
  if (stats.isSymbolicLink()) return "symlink";
  if (stats.isFile()) return "file";
  if (stats.isDirectory()) return "directory";
  return "other";
}
