import { StoreError } from "../research-reader.ts";

/**
 * A file-system failure while committing, as one line a user can act on. An OS error's own text
 * names host paths, so only its code is used.
 */
export function storeErrorFromFs(error: unknown, action: string): StoreError {
  if (error instanceof StoreError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? "";
  const why =
    code === "ENOSPC" || code === "EDQUOT"
      ? "the disk is full; free some space and run again"
      : code === "EROFS"
        ? "the file system is read-only"
        : code === "EACCES" || code === "EPERM"
          ? "permission denied"
          : `it failed (${code || "unknown error"})`;
  return new StoreError(`Could not ${action} in the ideas folder: ${why}; nothing was committed`);
}
