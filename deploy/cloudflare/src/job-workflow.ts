import {
  type WorkflowStep as CloudflareStep,
  WorkflowEntrypoint,
  type WorkflowEvent,
} from "cloudflare:workers";
import { ConfigError } from "../../../src/config/config-error.ts";
import { redactJson } from "../../../src/config/redactor.ts";
import type { JobRecord } from "../../../src/jobs/job-record.ts";
import { buildWebhookBody, summaryFromResult } from "../../../src/jobs/webhook/webhook-body.ts";
import { createWebhookNotifier } from "../../../src/jobs/webhook/webhook-notifier.ts";
import type { JobProgress } from "../../../src/jobs/workflow.ts";
import { D1JobStore } from "./d1-job-store.ts";
import { durableStep, failureOf, RECORD_STEP } from "./durable-step.ts";
import { fetchWebhookTransport } from "./fetch-webhook.ts";
import {
  type JobInstanceParams,
  readWorkerConfig,
  type WorkerEnv,
  workerRedactor,
} from "./worker-env.ts";

/** Progress is shown at once in-process by `serve`; here it is a D1 write, so at most this often. */
const PROGRESS_INTERVAL_MS = 2_000;
/**
 * D1 queries count against a step's subrequests (50 per invocation on Workers Free, 1,000 on
 * Paid), beside the model and GitHub calls: a long step stops writing progress after this many
 * and shows the rest when the next step starts.
 */
const PROGRESS_WRITES_PER_STEP = 20;

/** The webhook step: its own three attempts inside, and Workflows' retry if the isolate dies. */
const NOTIFY_STEP = { retries: { limit: 2, delay: "30 seconds" }, timeout: "2 minutes" } as const;

/**
 * One job as a Workflow instance (its id is the job's id): the same workflow `serve` runs for its
 * kind (an exploration, quick or deep, or an idea filed as a GitHub issue), each of its steps a
 * `step.do`, then the job's outcome in D1 and its webhook as steps of their own, so a restart
 * neither re-pays a finished step nor sends a webhook twice.
 */
export class JobWorkflow extends WorkflowEntrypoint<WorkerEnv, JobInstanceParams> {
  override async run(event: WorkflowEvent<JobInstanceParams>, step: CloudflareStep) {
    const { jobId } = event.payload;
    const store = new D1JobStore(this.env.DB);
    if (event.payload.notifyOnly) {
      const job = await store.get(jobId);
      if (job?.webhook.status === "pending") await this.#notify(step, store, job);
      return { id: jobId, status: job?.status ?? "unknown" };
    }
    const started = await recordStep(step, "start", () => store.markRunning(jobId));

    const progress = progressWriter(store, jobId, started.progress);
    // What a job stores is published (the API, its webhook): an upstream error may echo a key.
    const redact = workerRedactor(this.env);
    let finished: JobRecord;
    try {
      const config = readWorkerConfig(this.env);
      if ("problem" in config) throw new ConfigError(config.problem);
      const workflow = config.workflows[started.kind];
      if (!workflow) throw new ConfigError(`no workflow runs jobs of kind "${started.kind}"`);
      const result = await workflow.run({
        jobId,
        payload: started.payload,
        step: durableStep(
          step,
          {
            onStart: progress.startStep,
            reused: (name) => store.stepOutput(jobId, name),
            save: (name, output) => store.saveStep(jobId, name, output),
          },
          redact,
        ),
        reportProgress: (update) => progress.report(redactJson(update, redact)),
        signal: new AbortController().signal,
      });
      await progress.flush();
      finished = await recordStep(step, "finish", () =>
        store.complete(jobId, redactJson(result, redact)),
      );
    } catch (error) {
      await progress.flush();
      const failure = failureOf(error, redact);
      finished = await recordStep(step, "fail", () => store.fail(jobId, failure));
    }

    if (finished.webhook.status === "pending") await this.#notify(step, store, finished);
    return { id: finished.id, status: finished.status };
  }

  /** The job's webhook as a step: sent once, its outcome recorded in D1. */
  #notify(step: CloudflareStep, store: D1JobStore, job: JobRecord) {
    return step.do("notify", NOTIFY_STEP, async () => {
      const target = await store.webhookTarget(job.id);
      if (!target) return "skipped";
      const config = readWorkerConfig(this.env);
      const allowPrivate = "problem" in config ? false : config.allowPrivateWebhooks;
      const notifier = createWebhookNotifier({ transport: fetchWebhookTransport(allowPrivate) });
      const outcome = await notifier.deliver(
        target,
        buildWebhookBody(job, summaryFromResult(job.result)),
      );
      const detail = outcome.status === "failed" ? outcome.reason : undefined;
      await store.setWebhookStatus(job.id, outcome.status, detail);
      return outcome.status;
    });
  }
}

/**
 * The job's live progress, written to D1 at most once a second (and at every step start), in
 * order; a failed write is dropped: progress is a display, the step results are the record.
 */
function progressWriter(store: D1JobStore, jobId: string, initial: JobProgress | undefined) {
  let progress: JobProgress = initial ?? {};
  let currentStep: string | undefined;
  let writtenAt = Number.NEGATIVE_INFINITY;
  let writesThisStep = 0;
  let chain: Promise<void> = Promise.resolve();
  const write = () => {
    writtenAt = Date.now();
    writesThisStep += 1;
    const snapshot = { ...progress };
    const step = currentStep;
    chain = chain.then(() => store.saveProgress(jobId, step, snapshot).catch(() => {}));
    return chain;
  };
  return {
    startStep: (name: string) => {
      currentStep = name;
      writesThisStep = 0;
      progress = { ...progress, step: name };
      return write();
    },
    report: (update: JobProgress) => {
      progress = {
        ...progress,
        ...update,
        ...(update.step ? {} : currentStep ? { step: currentStep } : {}),
      };
      const due = Date.now() - writtenAt >= PROGRESS_INTERVAL_MS;
      if (due && writesThisStep < PROGRESS_WRITES_PER_STEP) void write();
    },
    flush: () => chain,
  };
}

/** A write of the job's record as a step: done once, its record what a replay returns. */
async function recordStep(
  step: CloudflareStep,
  name: string,
  write: () => Promise<JobRecord>,
): Promise<JobRecord> {
  // Kept as JSON text: the form a replay returns is then the one the first run saw.
  const text = await step.do(name, RECORD_STEP, async () => JSON.stringify(await write()));
  return JSON.parse(text) as JobRecord;
}
