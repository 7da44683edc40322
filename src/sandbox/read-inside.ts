import { constants } from "node:fs";
import { type FileHandle, lstat, open } from "node:fs/promises";
import { type EntryKind, entryKind } from "./entry-kind.ts";
import { errnoCode } from "./errno.ts";
import { isHardLinked } from "./hard-links.ts";
import { enforcePolicy } from "./path-policy.ts";
import { parseRelativePath } from "./relative-path.ts";
import { resolveInside } from "./resolve-inside.ts";
import { sandboxErrors } from "./sandbox-error.ts";
import type { SandboxRoot } from "./sandbox-root.ts";
import { verifyOpened } from "./verify-opened.ts";

/**
 * O_NOFOLLOW: a final component swapped for a link since the realpath fails (ELOOP) instead of
 * being followed. O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer.
 * O_NOCTTY: opening a terminal never makes it ours.
 */
const READ_FLAGS =
  constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

export interface ReadInsideOptions {
  /** Largest file accepted, in bytes; a bigger one is `too_large` and is not read. */
  maxBytes: number;
}

/**
 * Reads the regular file at `rel` (a path relative to the root, see `parseRelativePath`).
 *
 * Guarantees: no byte outside the root is read — not through links to files or folders, link
 * chains, hard links, `..`, absolute paths, `/proc` links, prefix siblings, nor a file swapped
 * for a link between the check and the open (the opened handle itself is verified). Secret
 * names (`.env*`, `.git`, `*.pem`, `id_*`, ...) are refused case-insensitively, both as given
 * and as resolved; a file with more than one hard link is refused whatever its name (see
 * `isHardLinked`). FIFOs, sockets and devices are refused without blocking. At most `maxBytes`
 * are read even if the file grows meanwhile.
 *
 * Throws a `SandboxError`: invalid_path, denied, outside_root, not_found (only for ENOENT),
 * is_directory, not_regular_file, hard_linked, too_large, unreadable.
 */
export async function readRegularFileInside(
  root: SandboxRoot,
  rel: string,
  options: ReadInsideOptions,
): Promise<Buffer> {
  const segments = parseRelativePath(rel);
  enforcePolicy(segments, "read", rel);
  const resolved = await resolveInside(root, segments, rel, "read");
  if (resolved === undefined) throw sandboxErrors.notFound(rel);

  // Classify before opening: a device or FIFO is refused without ever being opened.
  let kind: EntryKind;
  try {
    kind = entryKind(await lstat(resolved.real));
  } catch (error) {
    if (errnoCode(error) === "ENOENT") throw sandboxErrors.notFound(rel);
    throw sandboxErrors.unreadable(rel);
  }
  if (kind === "directory") throw sandboxErrors.isDirectory(rel);
  // A link here means the path was swapped since it was resolved: refuse, don't follow.
  if (kind === "symlink") throw sandboxErrors.outsideRoot(rel);
  if (kind === "other") throw sandboxErrors.notRegularFile(rel);

  let handle: FileHandle;
  try {
    handle = await open(resolved.real, READ_FLAGS);
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ENOENT") throw sandboxErrors.notFound(rel);
    if (code === "ELOOP") throw sandboxErrors.outsideRoot(rel);
    throw sandboxErrors.unreadable(rel);
  }
  try {
    const { stats } = await verifyOpened(root, handle, resolved.real, rel, "read");
    if (stats.isDirectory()) throw sandboxErrors.isDirectory(rel);
    if (!stats.isFile()) throw sandboxErrors.notRegularFile(rel);
    if (isHardLinked(stats)) throw sandboxErrors.hardLinked(rel);
    if (stats.size > options.maxBytes) {
      throw sandboxErrors.fileTooLarge(rel, stats.size, options.maxBytes);
    }
    return await readBounded(handle, rel, stats.size, options.maxBytes);
  } finally {
    await handle.close();
  }
}

/**
 * Reads to EOF but never more than `maxBytes` (+1 to detect a file that grew past the cap). The
 * buffer starts at the size fstat reported and grows only if the file grew meanwhile.
 */
async function readBounded(
  handle: FileHandle,
  rel: string,
  expectedSize: number,
  maxBytes: number,
): Promise<Buffer> {
  const limit = maxBytes + 1;
  let buffer = Buffer.alloc(Math.min(expectedSize + 1, limit));
  let total = 0;
  try {
    for (;;) {
      if (total === buffer.length) {
        if (buffer.length >= limit) break;
        const grown = Buffer.alloc(Math.min(buffer.length * 2, limit));
        buffer.copy(grown, 0, 0, total);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, total, buffer.length - total, total);
      if (bytesRead === 0) break;
      total += bytesRead;
    }
  } catch {
    throw sandboxErrors.unreadable(rel);
  }
  if (total > maxBytes) throw sandboxErrors.fileTooLarge(rel, total, maxBytes);
  return buffer.subarray(0, total);
}
