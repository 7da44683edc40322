import type { Stats } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { lstat, readlink, realpath } from "node:fs/promises";
import path from "node:path";
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
 * where it really is. The location must be inside the root, allowed by the policy (when one
 * is given), and hold the very inode that was opened — which also catches a file renamed or
 * deleted in between (`/proc` then reports "... (deleted)").
 *
 * On Linux the kernel says where the handle is (`/proc/self/fd/N`): that answer cannot be
 * raced. Without procfs only paths can be asked, and every path lookup is a fresh walk that a
 * concurrent process renaming folders inside the root can time; see `locateByPath`.
 */
export async function verifyOpened(
  root: SandboxRoot,
  handle: FileHandle,
  openedPath: string,
  rel: string,
  policy: PathPolicy | null,
): Promise<VerifiedHandle> {
  let location: string;
  let stats: Stats;
  try {
    stats = await handle.stat();
    location = root.procfs
      ? await readlink(`/proc/self/fd/${handle.fd}`)
      : await locateByPath(root.realPath, openedPath, stats);
    if (!sameInode(await lstat(location), stats)) throw new Error("moved");
  } catch {
    throw sandboxErrors.outsideRoot(rel);
  }
  const segments = segmentsInside(root.realPath, location);
  if (segments === undefined) throw sandboxErrors.outsideRoot(rel);
  if (policy !== null) enforcePolicy(segments, policy, rel);
  return { stats, segments, location };
}

/**
 * The portable fallback: the realpath of the opened path, accepted only if the opened inode is
 * found there, every folder from the root down is a real folder (no link), and a second
 * realpath agrees. A folder swapped for a link at open time and restored before the check
 * fails the inode test; to slip through, a racer must swap and restore again inside each of
 * these lookups' gaps. That narrows the race (measured on Linux with procfs switched off and a
 * thread swapping a folder for a link in a tight loop: 1 outside read in 900,000, against 13 in
 * 900,000 for realpath alone) but cannot close it: Node has no openat. Throws on any mismatch.
 */
async function locateByPath(rootReal: string, openedPath: string, opened: Stats) {
  const location = await realpath(openedPath);
  const segments = segmentsInside(rootReal, location);
  if (segments === undefined || !sameInode(await lstat(location), opened)) {
    throw new Error("outside");
  }
  let folder = rootReal;
  for (const segment of segments.slice(0, -1)) {
    folder = path.join(folder, segment);
    const stats = await lstat(folder);
    if (!stats.isDirectory()) throw new Error("link on the path");
  }
  if ((await realpath(openedPath)) !== location) throw new Error("moved");
  return location;
}

function sameInode(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}
