/** Waits that double after each failure in a row, from `initialMs` up to `maxMs`. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
}

/** For the job database: a full disk is freed by a person, so waits grow to half a minute. */
export const STORAGE_BACKOFF: Backoff = { initialMs: 1_000, maxMs: 30_000 };

/** The wait after the `failures`th failure in a row (1 for the first). */
export function backoffDelay(failures: number, backoff: Backoff): number {
  const doublings = Math.min(Math.max(0, failures - 1), 30);
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** doublings);
}
