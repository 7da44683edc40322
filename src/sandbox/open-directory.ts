import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import path from "node:path";
import { errnoCode } from "./errno.ts";
import type { PathPolicy } from "./path-policy.ts";
import { sandboxErrors } from "./sandbox-error.ts";
import type { SandboxRoot } from "./sandbox-root.ts";
import { verifyOpened } from "./verify-opened.ts";

const DIRECTORY_FLAGS =
  constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * An open, verified directory inside the root. With procfs, `child(name)` goes through
 * `/proc/self/fd/N/name`, which the kernel resolves from the open directory itself — the
 * `openat` Node does not expose — so renaming or swapping folders after the check cannot
 * redirect what is created, listed or renamed there.
 */
export interface OpenDirectory {
  /** Root-relative segments of the directory. */
  readonly segments: string[];
  /** A path naming `name` inside this very directory. */
  child(name: string): string;
  close(): Promise<void>;
}

/**
 * Opens `real` as a directory without following a final link, then verifies what was opened.
 * `policy` picks both the names allowed and the failure reported for unexpected errors.
 */
export async function openDirectory(
  root: SandboxRoot,
  real: string,
  rel: string,
  policy: PathPolicy,
): Promise<OpenDirectory> {
  let handle: FileHandle;
  try {
    handle = await open(real, DIRECTORY_FLAGS);
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ENOENT") throw sandboxErrors.notFound(rel);
    if (code === "ENOTDIR") throw sandboxErrors.notDirectory(rel);
    if (code === "ELOOP") throw sandboxErrors.outsideRoot(rel);
    throw policy === "write" ? sandboxErrors.writeFailed(rel) : sandboxErrors.unreadable(rel);
  }
  try {
    const verified = await verifyOpened(root, handle, real, rel, policy);
    if (!verified.stats.isDirectory()) throw sandboxErrors.notDirectory(rel);
    const base = root.procfs ? `/proc/self/fd/${handle.fd}` : verified.location;
    return {
      segments: verified.segments,
      child: (name) => path.join(base, name),
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
