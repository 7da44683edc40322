import { lstat, readdir } from "node:fs/promises";
import { type EntryKind, entryKind } from "./entry-kind.ts";
import { isHardLinked } from "./hard-links.ts";
import { openDirectory } from "./open-directory.ts";
import { enforcePolicy } from "./path-policy.ts";
import { parseRelativePath } from "./relative-path.ts";
import { resolveInside } from "./resolve-inside.ts";
import { sandboxErrors } from "./sandbox-error.ts";
import type { SandboxRoot } from "./sandbox-root.ts";
import { isSecretName } from "./secret-names.ts";

export interface DirectoryEntry {
  /** The entry's own name. */
  name: string;
  /** Canonical relative path from the root, usable as `rel` in the other primitives. */
  path: string;
  /** Not followed: a link is "symlink" whatever it points at. */
  kind: EntryKind;
  /** lstat size in bytes (content length for files). */
  size: number;
  /**
   * A file with more than one hard link: `readRegularFileInside` refuses it (its content may be
   * a file outside the root), so callers can say so instead of offering it.
   */
  hardLinked: boolean;
}

export interface DirectoryListing {
  /** Sorted by name (code-unit order) so listings are stable. */
  entries: DirectoryEntry[];
  /** True when more than `maxEntries` entries were allowed and the rest were cut. */
  truncated: boolean;
}

export interface ListInsideOptions {
  /** Cap on returned entries; default 1000 (GitHub's Contents API stops there too). */
  maxEntries?: number;
}

/**
 * Lists the directory at `rel` (`""` = the root). Folders on the way may be links that stay
 * inside the root; the listing is read from the opened, verified directory itself. Entries the
 * other primitives would refuse are left out rather than advertised: secret names (`.env`,
 * `.git`, `id_rsa`, ...) and names no valid relative path can spell (control characters,
 * backslashes, over-long).
 *
 * Throws a `SandboxError`: invalid_path, denied, outside_root, not_found (only for ENOENT),
 * not_directory, unreadable.
 */
export async function listDirectoryInside(
  root: SandboxRoot,
  rel: string,
  options: ListInsideOptions = {},
): Promise<DirectoryListing> {
  const maxEntries = options.maxEntries ?? 1000;
  const segments = parseRelativePath(rel, { allowRoot: true });
  enforcePolicy(segments, "read", rel);
  const resolved = await resolveInside(root, segments, rel, "read");
  if (resolved === undefined) throw sandboxErrors.notFound(rel);
  const directory = await openDirectory(root, resolved.real, rel, "read");
  try {
    let names: string[];
    try {
      names = await readdir(directory.child(""));
    } catch {
      throw sandboxErrors.unreadable(rel);
    }
    const prefix = segments.length === 0 ? "" : `${segments.join("/")}/`;
    const listable = names.filter((name) => isAddressable(prefix + name)).sort();
    const entries: DirectoryEntry[] = [];
    for (const name of listable.slice(0, maxEntries)) {
      try {
        const stats = await lstat(directory.child(name));
        entries.push({
          name,
          path: prefix + name,
          kind: entryKind(stats),
          size: stats.size,
          hardLinked: isHardLinked(stats),
        });
      } catch {
        // Removed since readdir: listing what is there now is the honest answer.
      }
    }
    return { entries, truncated: listable.length > maxEntries };
  } finally {
    await directory.close();
  }
}

function isAddressable(rel: string): boolean {
  try {
    const segments = parseRelativePath(rel);
    return !segments.some(isSecretName);
  } catch {
    return false;
  }
}
