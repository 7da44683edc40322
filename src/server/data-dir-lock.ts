import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../config/config-error.ts";

export const LOCK_FILE = "serve.pid";

/**
 * One server per data directory: a second one would resume the first one's running jobs and pay
 * for their research twice. The lock is a file holding the owner's pid; a lock whose process is
 * gone (a kill -9, a crash) is taken over, so a crash never needs a manual clean-up.
 */
export function lockDataDir(dataDir: string, pid = process.pid): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${pid}\n`, { flag: "wx" });
      return () => {
        if (readOwner(file) === pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readOwner(file);
    if (owner !== undefined && owner !== pid && isAlive(owner)) {
      throw new ConfigError(
        `another idea-explorer serve (pid ${owner}) is using this --data-dir: stop it or choose another --data-dir`,
      );
    }
    rmSync(file, { force: true }); // stale: its process is gone
  }
  throw new ConfigError("could not lock --data-dir: another server is starting at the same time");
}

function readOwner(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, owned by another user
  }
}
