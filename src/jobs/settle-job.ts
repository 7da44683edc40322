import type { JobOutcome } from "./execute-job.ts";
import type { JobRecord } from "./job-record.ts";
import type { JobStore } from "./job-store.ts";
import { type WriteRetry, writeUntilStored } from "./write-until-stored.ts";

export interface SettleDeps extends WriteRetry {
  store: JobStore;
  maxAttempts: number;
  /** Wait before retrying a job after its nth attempt failed. */
  retryDelayMs: (attempt: number) => number;
}

/**
 * Records how a run ended: completed or failed (resolving with the finished record), or back in
 * the queue for another attempt (undefined). Each write is retried until it is stored, so a job
 * never stays `running` in a live process because its last write met a full disk. Resolves with
 * undefined, leaving the job as stored, when the run was interrupted or the runner stops: the job
 * is resumed on the next start.
 */
export async function settleJob(
  job: JobRecord,
  outcome: JobOutcome,
  deps: SettleDeps,
): Promise<JobRecord | undefined> {
  const { store } = deps;
  if (outcome.kind === "interrupted") return undefined;
  if (outcome.kind === "completed") {
    return writeUntilStored(
      `job ${job.id}: completion not recorded`,
      () => store.complete(job.id, outcome.result),
      deps,
    );
  }
  if (outcome.failure.retryable && job.attempts < deps.maxAttempts) {
    try {
      await deps.sleep(deps.retryDelayMs(job.attempts), deps.signal);
    } catch {
      return undefined; // shutting down: the job resumes on the next start
    }
    await writeUntilStored(`job ${job.id}: retry not queued`, () => store.requeue(job.id), deps);
    return undefined;
  }
  return writeUntilStored(
    `job ${job.id}: failure not recorded`,
    () => store.fail(job.id, outcome.failure),
    deps,
  );
}
