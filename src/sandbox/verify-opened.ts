import type { Stats } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { lstat, readlink, realpath } from "node:fs/promises";
import { segmentsInside } from "./containment.ts";
import { enforcePolicy, type PathPolicy } from "./path-policy.ts";
import { sandboxErrors } from "./sandbox-error.ts";
import type { SandboxRoot } from "./sandbox-root.ts";

export interface VerifiedHandle {
  /** fstat of the open handle: the object actually opened, not whatever the path names now. */
  stats: Stats;
  /** Root-relative segments of where the opened object lives. */
  segments: string[];
  /** Absolute location of the opened object (a host path: never put it in a message). */
  location: string;
}

/**
 * Re-checks an open handle after the fact, closing the gap between "the path looked safe" and
 * "open followed it": whatever a concurrent process swapped in, the handle is checked against
 * where it really is. On Linux the kernel says where (`/proc/self/fd/N`); elsewhere the
 * realpath of the opened path is used. Either way the location must be inside the root, allowed
 * by the policy (when one is given), and hold the very inode that was opened — which also
 * catches a file renamed or deleted in between (`/proc` then reports "... (deleted)").
 */
export async function verifyOpened(
  root: SandboxRoot,
  handle: FileHandle,
  openedPath: string,
  rel: string,
  policy: PathPolicy | null,
): Promise<VerifiedHandle> {
  let location: string;
  let now: Stats;
  let stats: Stats;
  try {
    location = root.procfs
      ? await readlink(`/proc/self/fd/${handle.fd}`)
      : await realpath(openedPath);
    stats = await handle.stat();
    now = await lstat(location);
  } catch {
    throw sandboxErrors.outsideRoot(rel);
  }
  const segments = segmentsInside(root.realPath, location);
  if (segments === undefined || now.dev !== stats.dev || now.ino !== stats.ino) {
    throw sandboxErrors.outsideRoot(rel);
  }
  if (policy !== null) enforcePolicy(segments, policy, rel);
  return { stats, segments, location };
}
