import path from "node:path";
import { ConfigError } from "../config/config-error.ts";
import { acquireFileLock, type LockHolderSummary } from "../store/local/file-lock.ts";

export const LOCK_FILE = "serve.pid";

/**
 * One server per data directory: a second one would resume the first one's running jobs and pay
 * for their research twice. It is the stores' file lock (one lock in the product): a lock whose
 * process is gone (a kill -9, a crash) is taken over, by exactly one of the servers that find it,
 * so a crash never needs a manual clean-up. Resolves to the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lock = await acquireFileLock(path.join(dataDir, LOCK_FILE), {
    wait: false,
    busyError: busyDataDir,
  });
  return () => lock.release();
}

function busyDataDir(holder: LockHolderSummary | undefined): ConfigError {
  if (!holder) {
    return new ConfigError(
      `--data-dir cannot be used: its lock file ${LOCK_FILE} cannot be read; remove it if no idea-explorer serve uses this --data-dir`,
    );
  }
  const where = holder.otherHost ? ` on ${holder.otherHost}` : "";
  return new ConfigError(
    `another idea-explorer serve (pid ${holder.pid}${where}) is using this --data-dir: stop it or choose another --data-dir`,
  );
}
