import type { DatabaseSync } from "node:sqlite";
import { setTimeout as delay } from "node:timers/promises";
import { type Redact, redactSecretShapesOnly } from "../config/redactor.ts";
import { admitJob, admitRetry, type EnqueueOutcome, replayIdempotent } from "./admit-job.ts";
import { type Backoff, backoffDelay, STORAGE_BACKOFF } from "./backoff.ts";
import { createCheckpointedStep } from "./checkpointed-step.ts";
import { executeJob, type JobOutcome, NOTIFY_STEP } from "./execute-job.ts";
import { createFailureLog } from "./failure-log.ts";
import type { JobBackend, JobListRequest, JobPage } from "./job-backend.ts";
import { decodeCursor, encodeCursor } from "./job-cursor.ts";
import { CANCELLED, JobError, type JobFailure } from "./job-error.ts";
import { JobEvents, type JobListener } from "./job-events.ts";
import type { JobLogger } from "./job-logger.ts";
import type { IdempotencyKey, JobRecord, NewJob } from "./job-record.ts";
import { JobStore } from "./job-store.ts";
import { notifyJob } from "./notify-job.ts";
import { settleJob } from "./settle-job.ts";
import { describeDatabaseError } from "./storage-failure.ts";
import type { WebhookSummary } from "./webhook/webhook-body.ts";
import { createWebhookNotifier, type WebhookNotifier } from "./webhook/webhook-notifier.ts";
import type { JobProgress, Json, Workflow } from "./workflow.ts";

export interface WorkflowDefinition {
  run: Workflow<Json, Json>;
  /** What the webhook reports; by default the result's own url, path and stats fields. */
  summarize?: (result: Json) => WebhookSummary;
}

/** Registers a typed workflow (its payload and result types are erased in the registry). */
export function defineWorkflow<P extends Json, R extends Json>(definition: {
  run: Workflow<P, R>;
  summarize?: (result: R) => WebhookSummary;
}): WorkflowDefinition {
  return definition as unknown as WorkflowDefinition;
}

export interface JobRunnerOptions {
  db: DatabaseSync;
  workflows: Record<string, WorkflowDefinition>;
  /** How many jobs run at once (default 2). */
  concurrency?: number;
  clock?: () => Date;
  logger?: JobLogger;
  notifier?: WebhookNotifier;
  /** Runs of a job whose failures are retryable (default 3). */
  maxAttempts?: number;
  /**
   * Starts of one job in all (first run, retries, resumes after a restart; default 5). A job
   * found running at start-up that was already started this often is failed, not resumed: when
   * the service dies on the same job every time, resuming it forever would take it down forever.
   */
  maxStarts?: number;
  /** Wait before retrying a job after its nth attempt failed (default 2^n s). */
  retryDelayMs?: (attempt: number) => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Progress is published at once but written to the database at most this often (default 1 s). */
  progressIntervalMs?: number;
  /**
   * Waits between tries while the job database fails (a full disk): claiming the next job, and
   * recording a finished job's state (default 1 s doubling to 30 s). The same failure is logged
   * once per wait, as one line without a stack.
   */
  storageBackoff?: Backoff;
  /**
   * Masks secrets in what a job records and shows (its error, progress and result; the webhook
   * body is built from them). Default: secrets recognised by their shape only.
   */
  redact?: Redact;
}

export type { EnqueueOutcome } from "./admit-job.ts";
export type { JobListRequest } from "./job-backend.ts";

/** The embedded engine: a JobBackend whose answers are immediate, plus its own life cycle. */
export interface JobRunner extends JobBackend {
  enqueue(job: NewJob): EnqueueOutcome;
  replayIdempotent(tokenId: string | undefined, key: IdempotencyKey): EnqueueOutcome | undefined;
  get(id: string): JobRecord | undefined;
  cancel(id: string): JobRecord | undefined;
  retry(id: string): EnqueueOutcome | undefined;
  list(request: JobListRequest): JobPage;
  subscribe(jobId: string, listener: JobListener): () => void;
  /** Every job's events (e.g. to learn that any job finished). */
  subscribeAll(listener: JobListener): () => void;
  /**
   * Resumes jobs a previous process left running (and unsent webhooks), then works the queue.
   * Throws, having started nothing, when the database cannot be read or written for that.
   */
  start(): void;
  /** Interrupts running jobs (they stay `running` and resume on the next start) and waits. */
  stop(): Promise<void>;
  /** Resolves once nothing is queued, running, retrying or notifying (for tests and benches). */
  whenIdle(): Promise<void>;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const clock = options.clock ?? (() => new Date());
  const store = new JobStore(options.db, clock);
  const events = new JobEvents();
  const live = new Map<string, JobProgress>();
  const logger = options.logger ?? { error: (message, error) => console.error(message, error) };
  const notifier = options.notifier ?? createWebhookNotifier();
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const maxStarts = Math.max(maxAttempts, options.maxStarts ?? 5);
  const retryDelayMs = options.retryDelayMs ?? ((attempt) => 1_000 * 2 ** attempt);
  const sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
  const storageBackoff = options.storageBackoff ?? STORAGE_BACKOFF;
  const report = createFailureLog(logger, storageBackoff);
  const shutdown = new AbortController();
  const running = new Set<Promise<void>>();
  // Each running job's own abort, beside the shutdown's: a cancel stops one job, and tells the
  // runner to fail it instead of leaving it for the next start.
  const cancels = new Map<string, AbortController>();
  // Webhook deliveries are tracked apart: a slow receiver (up to three 10 s attempts) must not
  // hold one of the `concurrency` slots and stall the queue.
  const notifying = new Set<Promise<void>>();
  let started = false;
  let idleWaiters: Array<() => void> = [];
  // While the database refuses claims (a full disk), the queue waits here instead of spinning.
  let claimFailures = 0;
  let claimPaused = false;

  const track = (work: Promise<void>, set = running) => {
    set.add(work);
    void work.finally(() => {
      set.delete(work);
      pump();
    });
  };

  const pump = () => {
    if (!started || shutdown.signal.aborted || claimPaused) return;
    while (running.size < concurrency) {
      let job: JobRecord | undefined;
      try {
        job = store.claimNext();
        claimFailures = 0;
      } catch (error) {
        pauseClaims(error);
        return;
      }
      if (!job) break;
      track(runJob(job));
    }
    if (running.size === 0 && notifying.size === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  };

  const pauseClaims = (error: unknown) => {
    claimFailures += 1;
    claimPaused = true;
    report(
      `job queue: cannot claim the next job: ${describeDatabaseError(error)}; waiting to retry`,
    );
    void sleep(backoffDelay(claimFailures, storageBackoff), shutdown.signal)
      .catch(() => {})
      .finally(() => {
        claimPaused = false;
        pump();
      });
  };

  const runJob = async (job: JobRecord) => {
    try {
      const ran = await runWorkflow(job).finally(() => cancels.delete(job.id));
      const cancelled = ran.kind === "interrupted" && !shutdown.signal.aborted;
      const outcome: JobOutcome = cancelled
        ? { kind: "failed", failure: CANCELLED, error: undefined }
        : ran;
      if (outcome.kind === "failed") logFailure(job, outcome);
      const finished = await settleJob(job, outcome, {
        store,
        maxAttempts,
        retryDelayMs,
        sleep,
        signal: shutdown.signal,
        backoff: storageBackoff,
        report,
      });
      if (finished) finish(finished);
    } catch (error) {
      // Nothing above throws by design; if a bug does, the job resumes on the next start.
      logger.error(`job ${job.id}: the runner failed`, error);
    }
  };

  const runWorkflow = (job: JobRecord): Promise<JobOutcome> => {
    const definition = options.workflows[job.kind];
    if (!definition) {
      const message = `no workflow is registered for jobs of kind "${job.kind}"`;
      const failure = { code: "unknown_workflow", message, retryable: false };
      return Promise.resolve({ kind: "failed", failure, error: undefined });
    }
    const cancel = new AbortController();
    cancels.set(job.id, cancel);
    const signal = AbortSignal.any([shutdown.signal, cancel.signal]);
    return executeJob(job, definition.run, signal, {
      store,
      events,
      live,
      now: () => clock().getTime(),
      progressIntervalMs: options.progressIntervalMs ?? 1_000,
      report,
      redact: options.redact ?? redactSecretShapesOnly,
    });
  };

  const logFailure = (job: JobRecord, outcome: Extract<JobOutcome, { kind: "failed" }>) => {
    if (outcome.failure.code === "internal_error") {
      logger.error(`job ${job.id} failed`, outcome.error);
    } else if (outcome.failure.code === "storage_unavailable") {
      report(`job ${job.id}: a step could not be stored: ${describeDatabaseError(outcome.error)}`);
    }
  };

  const finish = (job: JobRecord) => {
    events.publish({ type: "finished", job });
    if (job.webhook.status === "pending") track(notify(job), notifying);
  };

  const notify = (job: JobRecord) =>
    notifyJob(job, {
      store,
      notifier,
      signal: shutdown.signal,
      summarize: options.workflows[job.kind]?.summarize,
      step: createCheckpointedStep({
        finished: new Map(
          [...store.steps(job.id)]
            .filter(([name]) => name === NOTIFY_STEP)
            .map(([name, output]) => [name, JSON.stringify(output)]),
        ),
        started: () => {},
        finish: (name, output) => store.saveStep(job.id, name, output, job.progress),
      }),
      logger,
    }).catch((error: unknown) => {
      // The webhook stays pending in the database and is sent on the next start.
      report(`job ${job.id}: webhook not recorded: ${describeDatabaseError(error)}`);
    });

  const getJob = (id: string): JobRecord | undefined => {
    const record = store.get(id);
    const progress = live.get(id);
    return record && progress && record.status === "running" ? { ...record, progress } : record;
  };

  /** Start-up bookkeeping, all of it before anything starts, so a failure leaves nothing running. */
  const recover = () => {
    const unsent = store.unsentWebhooks().flatMap((id) => store.get(id) ?? []);
    const givenUp = store
      .runningStartedAtLeast(maxStarts)
      .map((id) => store.fail(id, interruptedTooOften(maxStarts)));
    store.requeueRunning();
    return { unsent, givenUp };
  };

  return {
    enqueue(job) {
      const outcome = admitJob(store, job);
      if (outcome.kind === "queued") queueMicrotask(pump);
      return outcome;
    },
    replayIdempotent: (tokenId, key) => replayIdempotent(store, tokenId, key),
    cancel(id) {
      const queued = store.cancelPending(id, CANCELLED);
      if (queued) {
        finish(queued);
        return queued;
      }
      cancels.get(id)?.abort();
      return getJob(id);
    },
    retry(id) {
      const outcome = admitRetry(store, id);
      if (outcome?.kind === "queued") queueMicrotask(pump);
      return outcome;
    },
    get: getJob,
    list(request) {
      const beforeSeq = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
      if (request.cursor !== undefined && beforeSeq === undefined) {
        throw new JobError("invalid_cursor", "cursor is not one this server issued");
      }
      const page = store.list({ ...request, beforeSeq });
      const nextCursor = page.lastSeq === undefined ? undefined : encodeCursor(page.lastSeq);
      return { jobs: page.jobs.map((job) => getJob(job.id) ?? job), nextCursor };
    },
    subscribe: (jobId, listener) => events.subscribe(jobId, listener),
    subscribeAll: (listener) => events.subscribeAll(listener),
    start() {
      if (started) return;
      const { unsent, givenUp } = recover();
      started = true;
      for (const job of unsent) track(notify(job), notifying);
      for (const job of givenUp) finish(job);
      pump();
    },
    async stop() {
      shutdown.abort();
      while (running.size + notifying.size > 0) {
        await Promise.allSettled([...running, ...notifying]);
      }
    },
    whenIdle() {
      if (!started) return Promise.reject(new Error("the job runner was not started"));
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        pump();
      });
    },
  };
}

function interruptedTooOften(starts: number): JobFailure {
  return {
    code: "interrupted",
    message: `the service stopped while running this job ${starts} times, so it was not resumed again`,
    retryable: false,
  };
}
