import { JobError } from "./job-error.ts";
import type { IdempotencyKey, JobRecord, NewJob } from "./job-record.ts";
import { retryJobOf } from "./job-rows.ts";
import type { JobStore } from "./job-store.ts";

/**
 * What enqueueing did. `queued`: a new job. `in_flight`: a job of the same kind and fingerprint is
 * pending or running, so that job is the answer (one run per idea). `replayed`: the same
 * idempotency key came with the same request before; its job is the answer. `key_reused`: the key
 * came before with another request; nothing was queued and `job` is the one the key belongs to.
 */
export interface EnqueueOutcome {
  kind: "queued" | "in_flight" | "replayed" | "key_reused";
  job: JobRecord;
}

type Decision = { kind: EnqueueOutcome["kind"]; id: string };

/**
 * Decides and inserts in one IMMEDIATE transaction, so two racing submissions (in this process or
 * another on the same database) cannot both queue the same idea or key; the answer is read back
 * after the commit, so a job that was not stored is never reported.
 */
export function admitJob(store: JobStore, job: NewJob): EnqueueOutcome {
  const decision = store.transaction(
    (): Decision =>
      (job.idempotency && idempotentDecision(store, job.tokenId, job.idempotency)) ??
      inFlightDecision(store, job) ?? { kind: "queued", id: store.insertPending(job) },
  );
  return { kind: decision.kind, job: store.readBack(decision.id) };
}

/**
 * A retry of a failed job, admitted like a new one (an idea in flight again answers with that
 * job), starting from the old job's finished steps, all in one transaction. Undefined when there
 * is no such job; JobError("job_not_failed") when it has not failed.
 */
export function admitRetry(store: JobStore, id: string): EnqueueOutcome | undefined {
  const decision = store.transaction((): Decision | undefined => {
    const row = store.row(id);
    if (!row) return undefined;
    if (row.status !== "failed") throw notFailed(String(row.status));
    const job = retryJobOf(row);
    const inFlight = inFlightDecision(store, job);
    if (inFlight) return inFlight;
    const newId = store.insertPending(job);
    store.copySteps(id, newId);
    return { kind: "queued", id: newId };
  });
  return decision && { kind: decision.kind, job: store.readBack(decision.id) };
}

export function notFailed(status: string): JobError {
  return new JobError("job_not_failed", `the job is ${status}; only a failed job can be retried`);
}

/** The answer an idempotency key already has (replayed or key_reused), or undefined if it is new. */
export function replayIdempotent(
  store: JobStore,
  tokenId: string | undefined,
  idempotency: IdempotencyKey,
): EnqueueOutcome | undefined {
  const decision = idempotentDecision(store, tokenId, idempotency);
  const job = decision && store.get(decision.id);
  return decision && job ? { kind: decision.kind, job } : undefined;
}

function idempotentDecision(
  store: JobStore,
  tokenId: string | undefined,
  idempotency: IdempotencyKey,
): Decision | undefined {
  const earlier = store.byIdempotencyKey(tokenId, idempotency.key);
  if (!earlier) return undefined;
  const kind = earlier.requestHash === idempotency.requestHash ? "replayed" : "key_reused";
  return { kind, id: earlier.id };
}

function inFlightDecision(store: JobStore, job: NewJob): Decision | undefined {
  const id = job.fingerprint === undefined ? undefined : store.inFlight(job.kind, job.fingerprint);
  return id === undefined ? undefined : { kind: "in_flight", id };
}
