import { ConfigError } from "../config/config-error.ts";
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
  const reason = storage ?? firstLine(error) ?? code;
  return new ConfigError(
    `--data-dir cannot be used: the job database there cannot be opened or recovered (${reason})`,
  );
}

function firstLine(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : undefined;
  return text?.split("\n", 1)[0]?.trim() || undefined;
}
