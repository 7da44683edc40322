import { ConfigError } from "../config/config-error.ts";
import { oneLine } from "../config/one-line.ts";
import { storageFailure } from "../jobs/storage-failure.ts";

/**
 * Why serve cannot use --data-dir, as one line naming what is wrong (the path is the user's, so it
 * is not repeated; no stack): a folder in the way or not writable, or a job database that cannot
 * be opened, set up or recovered (a full disk, an I/O error, a damaged file).
 */
export function dataDirError(error: unknown): ConfigError {
  if (error instanceof ConfigError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? "";
  if (code === "EEXIST" || code === "ENOTDIR") {
    return new ConfigError("--data-dir cannot be used: a file is in the way of that folder");
  }
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
    return new ConfigError("--data-dir cannot be used: it is not writable");
  }
  if (code === "ENOSPC") return new ConfigError("--data-dir cannot be used: the disk is full");
  const storage = storageFailure(error);
  // SQLite's own messages name no file ("disk I/O error"); an OS error's text names host paths,
  // so only its code is shown.
  const sqlite = code === "ERR_SQLITE_ERROR" ? oneLine((error as Error).message, 200) : "";
  const reason = storage ?? (sqlite || code || "unexpected error");
  return new ConfigError(
    `--data-dir cannot be used: the job database there cannot be opened or recovered (${reason})`,
  );
}
