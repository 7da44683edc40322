/** Why the job database could not be used, in words an operator can act on. */
export type StorageFailure =
  | "disk full"
  | "I/O error"
  | "database file cannot be opened"
  | "busy"
  | "service unavailable";

/**
 * An engine's storage refusing a write it may take later (D1 or Workflows answering an error): a
 * storage failure like SQLite's own, so the API answers 503 and nothing is acknowledged.
 */
export class JobStorageError extends Error {
  override readonly name = "JobStorageError";
  readonly failure: StorageFailure;

  constructor(failure: StorageFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.failure = failure;
  }
}

// SQLite primary result codes (an extended code keeps its primary code in the low byte).
const SQLITE_BUSY = 5;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;

const BY_CODE = new Map<number, StorageFailure>([
  [SQLITE_FULL, "disk full"],
  [SQLITE_IOERR, "I/O error"],
  [SQLITE_CANTOPEN, "database file cannot be opened"],
  [SQLITE_BUSY, "busy"],
]);

/**
 * The storage failure behind an error from node:sqlite, or undefined for anything else (a bug, a
 * constraint). These failures are the machine's, not the request's: the same write may succeed
 * once space is freed or the disk recovers, so callers answer "try again later" and retry.
 */
export function storageFailure(error: unknown): StorageFailure | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error instanceof JobStorageError) return error.failure;
  const { errcode } = error as { errcode?: unknown };
  if (typeof errcode === "number") {
    const failure = BY_CODE.get(errcode & 0xff);
    if (failure) return failure;
  }
  if (/database or disk is full/i.test(error.message)) return "disk full";
  return error.cause === undefined ? undefined : storageFailure(error.cause);
}

/** One line for the server log: what SQLite said, without a stack (the cause is the machine's). */
export function describeDatabaseError(error: unknown): string {
  const failure = storageFailure(error);
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split("\n", 1)[0]?.trim() || "unknown error";
  const said = line.toLowerCase();
  const alreadySaid = failure?.split(" ").every((word) => said.includes(word.toLowerCase()));
  return failure && !alreadySaid ? `${line} (${failure})` : line;
}
