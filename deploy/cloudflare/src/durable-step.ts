import type { WorkflowStep as CloudflareStep, WorkflowStepConfig } from "cloudflare:workers";
import { NonRetryableError } from "cloudflare:workflows";
import type { Redact } from "../../../src/config/redactor.ts";
import { classifyJobFailure, type JobFailure } from "../../../src/jobs/job-error.ts";
import type { Json, WorkflowStep } from "../../../src/jobs/workflow.ts";

/**
 * A paid step (prepare, research, plan, a sub-question, synthesis, commit) is retried twice, as
 * the embedded engine runs a job up to three times; its result is what a restart resumes from.
 * The timeout is the Workflows default's order: a deep run's steps fit in it by --timeout.
 */
export const PAID_STEP: WorkflowStepConfig = {
  retries: { limit: 2, delay: "10 seconds", backoff: "exponential" },
  timeout: "30 minutes",
};

/** A bookkeeping write to D1: cheap, so tried more often and sooner. */
export const RECORD_STEP: WorkflowStepConfig = {
  retries: { limit: 5, delay: "1 second", backoff: "exponential" },
  timeout: "1 minute",
};

const FAILURE_PREFIX = "job-failure:";

/** What a step does around its work, beside Workflows' own record of it. */
export interface StepJournal {
  /** Hears each step that really runs (a replayed step returns its stored value). */
  onStart(name: string): Promise<void>;
  /** A result this job already has from the job it retries, which then is not paid again. */
  reused(name: string): Promise<unknown>;
  /** Keeps a finished step's result in D1, for a retry of this job to start from. */
  save(name: string, output: unknown): Promise<void>;
}

/**
 * Our step contract over Cloudflare's `step.do`. A failure leaves the step as one JSON line
 * (code, message, retryable) because Workflows keeps only an error's message across a retry or a
 * restart; a failure that another try cannot fix (a bad key, a configuration error) is not
 * retried.
 */
export function durableStep(
  step: CloudflareStep,
  journal: StepJournal,
  redact?: Redact,
): WorkflowStep {
  return {
    do<T extends Json>(name: string, fn: () => Promise<T>): Promise<T> {
      const run = async () => {
        const earlier = await journal.reused(name);
        if (earlier !== undefined) return earlier as T;
        await journal.onStart(name);
        let output: T;
        try {
          output = await fn();
        } catch (error) {
          throw stepError(classifyJobFailure(error, redact));
        }
        // Not keeping it only means a retry of this job does the step again.
        await journal.save(name, output).catch(() => {});
        return output;
      };
      // Workflows' types want a structured-clone-able result; Json is one.
      return step.do(name, PAID_STEP, run as () => Promise<never>) as Promise<T>;
    },
  };
}

function stepError(failure: JobFailure): Error {
  const message = `${FAILURE_PREFIX}${JSON.stringify(failure)}`;
  return failure.retryable ? new Error(message) : new NonRetryableError(message);
}

/** What a workflow's error means for its job, whether a step left it or the code around steps threw it. */
export function failureOf(error: unknown, redact?: Redact): JobFailure {
  const message = error instanceof Error ? error.message : "";
  const at = message.indexOf(FAILURE_PREFIX);
  if (at >= 0) {
    try {
      const parsed = JSON.parse(message.slice(at + FAILURE_PREFIX.length)) as JobFailure;
      if (typeof parsed.code === "string" && typeof parsed.message === "string") return parsed;
    } catch {
      // Not ours after all: classified below.
    }
  }
  return classifyJobFailure(error, redact);
}
