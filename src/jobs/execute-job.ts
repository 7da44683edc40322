import { type Redact, redactJson } from "../config/redactor.ts";
import { createCheckpointedStep } from "./checkpointed-step.ts";
import type { ReportFailure } from "./failure-log.ts";
import { classifyJobFailure, type JobFailure } from "./job-error.ts";
import type { JobEvents } from "./job-events.ts";
import type { JobRecord } from "./job-record.ts";
import type { JobStore } from "./job-store.ts";
import { describeDatabaseError } from "./storage-failure.ts";
import type { JobProgress, Json, Workflow } from "./workflow.ts";

/** The step name the runner itself uses to send the webhook once the workflow has ended. */
export const NOTIFY_STEP = "notify";

export type JobOutcome =
  | { kind: "completed"; result: Json }
  | { kind: "failed"; failure: JobFailure; error: unknown }
  | { kind: "interrupted" };

export interface ExecuteJobDeps {
  store: JobStore;
  events: JobEvents;
  now: () => number;
  progressIntervalMs: number;
  /** Live progress by job id, read by JobRunner.get while the job runs. */
  live: Map<string, JobProgress>;
  report: ReportFailure;
  /** Applied to the failure, the progress and the result: all of it is stored and shown. */
  redact: Redact;
}

/**
 * Runs (or resumes) one job's workflow over its stored step checkpoints. Steps already finished
 * are replayed from storage; progress is published at once and persisted at most once per interval
 * (and always at step boundaries). Never throws: a step that cannot be stored fails the run (with a
 * retryable failure), while progress that cannot be stored only waits for the next write.
 */
export async function executeJob(
  job: JobRecord,
  workflow: Workflow<Json, Json>,
  signal: AbortSignal,
  deps: ExecuteJobDeps,
): Promise<JobOutcome> {
  const { store, events, live } = deps;
  let progress: JobProgress = job.progress ?? {};
  /** Steps started and not finished, oldest first: a workflow may run steps in parallel. */
  const running: string[] = [];
  let persistedAt = Number.NEGATIVE_INFINITY;
  live.set(job.id, progress);

  const publish = (currentStep: string | undefined) => {
    live.set(job.id, progress);
    events.publish({ type: "progress", jobId: job.id, currentStep, progress });
  };

  const finished = new Map<string, string>();
  const step = createCheckpointedStep(
    {
      finished,
      started(name) {
        running.push(name);
        progress = { ...progress, step: name };
        store.startStep(job.id, name, progress);
        persistedAt = deps.now();
        publish(name);
      },
      finish(name, output) {
        store.saveStep(job.id, name, output, progress);
        persistedAt = deps.now();
        running.splice(running.indexOf(name), 1);
      },
    },
    [NOTIFY_STEP],
  );

  const reportProgress = (reported: JobProgress) => {
    // Warnings and retry lines may quote an upstream answer: masked before it is published.
    const update = redactJson(reported, deps.redact);
    // A message names the step it comes from when steps run in parallel (deep research's
    // sub-questions): that name is kept. One without a name belongs to the step started last.
    const step = update.step ?? running.at(-1);
    progress = { ...progress, ...update, ...(step ? { step } : {}) };
    publish(step !== undefined && running.includes(step) ? step : running.at(-1));
    const now = deps.now();
    if (now - persistedAt >= deps.progressIntervalMs) {
      persistedAt = now;
      try {
        store.saveProgress(job.id, progress);
      } catch (error) {
        // Progress is a display: the run goes on, and the next write (or step) stores it.
        deps.report(`job ${job.id}: progress not stored: ${describeDatabaseError(error)}`);
      }
    }
  };

  try {
    for (const [name, output] of store.steps(job.id)) finished.set(name, JSON.stringify(output));
    const result = await workflow({
      jobId: job.id,
      payload: job.payload,
      step,
      reportProgress,
      signal,
    });
    const stored = JSON.parse(JSON.stringify(result ?? null)) as Json;
    return { kind: "completed", result: redactJson(stored, deps.redact) };
  } catch (error) {
    if (signal.aborted) return { kind: "interrupted" };
    return { kind: "failed", failure: classifyJobFailure(error, deps.redact), error };
  } finally {
    live.delete(job.id);
  }
}
