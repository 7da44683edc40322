import { type Backoff, backoffDelay } from "./backoff.ts";
import type { ReportFailure } from "./failure-log.ts";
import { describeDatabaseError } from "./storage-failure.ts";

export interface WriteRetry {
  backoff: Backoff;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Stopping the runner ends the retries; the database then holds the job as it was. */
  signal: AbortSignal;
  report: ReportFailure;
}

/**
 * Runs a write that must land (a job's final state) until it is stored, waiting longer after each
 * failure: the outcome stays in memory meanwhile, so a full disk delays the record instead of
 * leaving the job `running` for good. Resolves with the write's value, or undefined when the
 * runner stopped first (a job left `running` is resumed on the next start).
 */
export async function writeUntilStored<T>(
  what: string,
  write: () => T,
  retry: WriteRetry,
): Promise<T | undefined> {
  for (let failures = 1; ; failures++) {
    try {
      return write();
    } catch (error) {
      retry.report(`${what}: ${describeDatabaseError(error)}; retrying until it is stored`);
    }
    try {
      await retry.sleep(backoffDelay(failures, retry.backoff), retry.signal);
    } catch {
      return undefined;
    }
    if (retry.signal.aborted) return undefined;
  }
}
