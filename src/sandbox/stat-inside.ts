import { lstat } from "node:fs/promises";
import { type EntryKind, entryKind } from "./entry-kind.ts";
import { errnoCode } from "./errno.ts";
import { type OpenDirectory, openDirectory } from "./open-directory.ts";
import { enforcePolicy } from "./path-policy.ts";
import { parseRelativePath } from "./relative-path.ts";
import { resolveInside } from "./resolve-inside.ts";
import { isSandboxError, sandboxErrors } from "./sandbox-error.ts";
import type { SandboxRoot } from "./sandbox-root.ts";

export type StatInsideResult =
  | { kind: "missing" }
  | {
      kind: EntryKind;
      /** Size in bytes from lstat: the content length for a file, the target length for a link. */
      size: number;
      /** The canonical relative path (`""` for the root). */
      path: string;
    };

/**
 * What `rel` is, relative to the root, WITHOUT following a link in its last segment (a link is
 * `kind: "symlink"`; read it, if at all, through `readRegularFileInside`, which refuses it).
 * Folders on the way ARE resolved and must stay inside the root. `""` is the root itself.
 *
 * `missing` when nothing is there, including when a parent is a regular file (`a.txt/b`).
 * Throws a `SandboxError` for invalid_path, denied (secret names, as given or as resolved),
 * outside_root (a parent folder links out of the root) and unreadable (anything else).
 */
export async function statInside(root: SandboxRoot, rel: string): Promise<StatInsideResult> {
  const segments = parseRelativePath(rel, { allowRoot: true });
  enforcePolicy(segments, "read", rel);
  const name = segments.at(-1);
  if (name === undefined) return { kind: "directory", size: 0, path: "" };

  let directory: OpenDirectory;
  try {
    const parent = await resolveInside(root, segments.slice(0, -1), rel, "read");
    if (parent === undefined) return { kind: "missing" };
    directory = await openDirectory(root, parent.real, rel, "read");
  } catch (error) {
    // A parent that is a file (`a.txt/b`) or vanished: nothing can exist there.
    if (isSandboxError(error) && (error.code === "not_directory" || error.code === "not_found")) {
      return { kind: "missing" };
    }
    throw error;
  }
  try {
    const stats = await lstat(directory.child(name));
    return { kind: entryKind(stats), size: stats.size, path: segments.join("/") };
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return { kind: "missing" };
    throw sandboxErrors.unreadable(rel);
  } finally {
    await directory.close();
  }
}
