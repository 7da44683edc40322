import { lstat, readdir, rm } from "node:fs/promises";
import path from "node:path";

/**
 * The private files a local commit makes in the repository's state folder: a temp index
 * `index-<pid>-<hex>` (and the `.lock` git puts beside it) and a folder `blobs-<pid>-<random>`
 * of contents for hash-object. Folders from before the pid was in the name (`blobs-<random>`)
 * match too, with no pid.
 */
const COMMIT_TEMP = /^(?:index-(\d+)-[0-9a-f]+(?:\.lock)?|blobs-(?:(\d+)-)?[A-Za-z0-9]{6})$/;

/**
 * A temp whose process is gone is removed once it is this old. The grace keeps a live run on
 * another machine or in another pid namespace (whose pid looks dead from here) safe: a commit
 * uses its temps for a few seconds at most.
 */
export const DEAD_OWNER_GRACE_MS = 60_000;
/** Any temp this old is removed, whoever made it: its pid was reused, or it names no pid. */
export const ABANDONED_AFTER_MS = 60 * 60_000;

/**
 * Removes commit temps in `dir` that a killed run left behind (kill -9 skips every `finally`).
 * Stale means: made by a process that no longer runs and older than DEAD_OWNER_GRACE_MS, or
 * older than ABANDONED_AFTER_MS. A temp of a live run (this process's included) is never
 * removed before then. Best effort: nothing here fails a commit. Returns the names removed.
 */
export async function removeStaleCommitTemps(dir: string, now = Date.now()): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const match = COMMIT_TEMP.exec(name);
    if (!match) continue;
    const stats = await lstat(path.join(dir, name)).catch(() => undefined);
    if (!stats) continue;
    const age = now - stats.mtimeMs;
    const pid = Number(match[1] ?? match[2]);
    const ownerGone = pid > 0 && pid !== process.pid && !isRunning(pid);
    if (!(age >= ABANDONED_AFTER_MS || (ownerGone && age >= DEAD_OWNER_GRACE_MS))) continue;
    await rm(path.join(dir, name), { recursive: true, force: true }).then(
      () => removed.push(name),
      () => {},
    );
  }
  return removed;
}

/** False only when no process has this pid (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}
