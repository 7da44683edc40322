import { constants } from "node:fs";
import { type FileHandle, lstat, open, rename, unlink } from "node:fs/promises";
import { ensureParents } from "./ensure-parents.ts";
import { errnoCode } from "./errno.ts";
import type { OpenDirectory } from "./open-directory.ts";
import { enforcePolicy } from "./path-policy.ts";
import { parseRelativePath } from "./relative-path.ts";
import { isSandboxError, sandboxErrors } from "./sandbox-error.ts";
import type { SandboxRoot } from "./sandbox-root.ts";
import { verifyOpened } from "./verify-opened.ts";
import { newWriteTempName } from "./write-temps.ts";

/** 'wx' plus O_NOFOLLOW: the temp name must be new, and is never a link. */
const TEMP_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

export interface WriteInsideOptions {
  /** Largest content accepted, in bytes (UTF-8 length for a string). */
  maxBytes: number;
}

/**
 * Writes `content` to `rel` under the root, creating missing parent folders, replacing any
 * existing file, and returns the canonical relative path (`segments.join("/")`: never absolute,
 * never `..`, identical to the accepted input because non-canonical spellings are refused).
 *
 * Guarantees: nothing outside the root is created or changed. Parents are created one level at
 * a time and linked folders are entered only when they resolve inside the root; the content goes
 * to a fresh temp file in the verified parent and is renamed over the target, so an existing
 * link or hard link at the target is REPLACED, never written through. Every dot-entry and
 * secret-like name is refused, as given and as resolved. The temp file is removed on failure.
 *
 * Throws a `SandboxError`: invalid_path, denied, outside_root, not_directory (a parent is a
 * file), is_directory (the target is a folder), too_large, write_failed.
 */
export async function writeFileInside(
  root: SandboxRoot,
  rel: string,
  content: string | Uint8Array,
  options: WriteInsideOptions,
): Promise<string> {
  const segments = parseRelativePath(rel);
  enforcePolicy(segments, "write", rel);
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  if (bytes.byteLength > options.maxBytes) {
    throw sandboxErrors.contentTooLarge(rel, bytes.byteLength, options.maxBytes);
  }
  const name = segments.at(-1)!;
  const parent = await ensureParents(root, segments.slice(0, -1), rel);
  try {
    const mode = await existingFileMode(parent, name, rel);
    await replaceAtomically(root, parent, name, bytes, mode, rel);
  } finally {
    await parent.close();
  }
  return segments.join("/");
}

/** Refuses a folder at the target; keeps an existing regular file's permissions. */
async function existingFileMode(
  parent: OpenDirectory,
  name: string,
  rel: string,
): Promise<number | undefined> {
  try {
    const stats = await lstat(parent.child(name));
    if (stats.isDirectory()) throw sandboxErrors.isDirectory(rel);
    return stats.isFile() ? stats.mode & 0o777 : undefined;
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return undefined;
    throw isSandboxError(error) ? error : sandboxErrors.writeFailed(rel);
  }
}

async function replaceAtomically(
  root: SandboxRoot,
  parent: OpenDirectory,
  name: string,
  bytes: Uint8Array,
  mode: number | undefined,
  rel: string,
): Promise<void> {
  const tempPath = parent.child(newWriteTempName());
  let handle: FileHandle | undefined;
  try {
    handle = await open(tempPath, TEMP_FLAGS, 0o666);
    // Containment only: the temp name is a dot-name by design (so a crash leaves it hidden).
    await verifyOpened(root, handle, tempPath, rel, null);
    if (mode !== undefined) await handle.chmod(mode);
    await handle.writeFile(bytes);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(tempPath, parent.child(name));
  } catch (error) {
    await handle?.close().catch(() => {});
    await unlink(tempPath).catch(() => {});
    if (errnoCode(error) === "EISDIR") throw sandboxErrors.isDirectory(rel);
    throw isSandboxError(error) ? error : sandboxErrors.writeFailed(rel);
  }
}
