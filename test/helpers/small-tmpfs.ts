/**
 * Test support: a small tmpfs to fill up, i.e. a full disk for real (ENOSPC under SQLite's own
 * writes, not a simulated cap). Mounting needs root and a kernel that allows it (an unprivileged
 * container does not): `skipReason` then says why, and the tests using it skip with that note.
 */
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface SmallTmpfs {
  /** The mount point, or undefined when it could not be mounted (see skipReason). */
  dir: string | undefined;
  skipReason: string;
  /** Fills every free byte with a ballast file: the next write that needs space fails. */
  fill(): void;
  /** Deletes the ballast: space again. */
  free(): void;
  unmount(): void;
}

export function mountSmallTmpfs(sizeKiB: number): SmallTmpfs {
  const point = mkdtempSync(join(tmpdir(), "full-disk-"));
  const ballast = join(point, "ballast");
  const skipped = (skipReason: string): SmallTmpfs => ({
    dir: undefined,
    skipReason,
    fill() {},
    free() {},
    unmount: () => rmSync(point, { recursive: true, force: true }),
  });
  if (process.getuid?.() !== 0) return skipped("mounting a tmpfs needs root");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeKiB}k`, "tmpfs", point], {
      stdio: "pipe",
    });
  } catch (error) {
    const why = String((error as { stderr?: unknown }).stderr ?? error)
      .trim()
      .split("\n")[0];
    return skipped(`cannot mount a tmpfs here: ${why}`);
  }
  return {
    dir: point,
    skipReason: "",
    fill() {
      const fd = openSync(ballast, "a");
      const chunk = Buffer.alloc(4096);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(ballast, { force: true }),
    unmount() {
      try {
        execFileSync("umount", [point], { stdio: "pipe" });
      } catch {
        execFileSync("umount", ["-l", point], { stdio: "pipe" }); // a child still holds a file
      }
      rmSync(point, { recursive: true, force: true });
    },
  };
}
