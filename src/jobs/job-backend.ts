import type { EnqueueOutcome } from "./admit-job.ts";
import type { JobListener } from "./job-events.ts";
import type { IdempotencyKey, JobRecord, JobStatus, NewJob } from "./job-record.ts";

/** A value now (the embedded node:sqlite engine) or later (D1 on Cloudflare). */
export type Awaitable<T> = T | Promise<T>;

export interface JobListRequest {
  status?: JobStatus;
  mode?: string;
  limit: number;
  cursor?: string;
}

export interface JobPage {
  jobs: JobRecord[];
  nextCursor: string | undefined;
}

/**
 * What the HTTP API needs from a job engine, and all it may assume: the embedded runner
 * (node:sqlite, one machine) and the Cloudflare Worker (Workflows + D1) both implement it, so one
 * app and one set of route tests serve both. Every read may be a promise.
 */
export interface JobBackend {
  /**
   * Stores the job durably (or finds the job already answering it: see EnqueueOutcome) and
   * returns it as read back after the commit, with its run scheduled. Throws when the job cannot
   * be stored or scheduled (see storageFailure): then nothing was queued.
   */
  enqueue(job: NewJob): Awaitable<EnqueueOutcome>;
  /** The answer an idempotency key already has (replayed or key_reused), if it was used before. */
  replayIdempotent(
    tokenId: string | undefined,
    key: IdempotencyKey,
  ): Awaitable<EnqueueOutcome | undefined>;
  get(id: string): Awaitable<JobRecord | undefined>;
  /** Newest first. Throws JobError("invalid_cursor") for a cursor it did not issue. */
  list(request: JobListRequest): Awaitable<JobPage>;
  /**
   * Stops a queued or running job: a queued one fails at once as `cancelled`, a running one has
   * its work aborted (the model request closed) and then fails as `cancelled`, with its webhook.
   * Answers the job as it stands (a running one may still say running for a moment), or
   * undefined when there is no such job. A finished job is answered unchanged.
   */
  cancel(id: string): Awaitable<JobRecord | undefined>;
  /**
   * A new job for a failed (or cancelled) one: same request and webhook, its finished steps
   * reused (paid research is not paid again). Answered like enqueue (the idea may be in flight
   * again); undefined when there is no such job; throws JobError("job_not_failed") otherwise.
   */
  retry(id: string): Awaitable<EnqueueOutcome | undefined>;
  /** The job's progress and its end, as they happen (pushed in process, or polled). */
  subscribe(jobId: string, listener: JobListener): () => void;
  /** Every job's events, where the engine sees them all (the embedded runner does). */
  subscribeAll?(listener: JobListener): () => void;
}
