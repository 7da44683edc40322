import { AgentError, type AgentErrorKind } from "../agent/agent-error.ts";
import { ConfigError } from "../config/config-error.ts";
import { oneLine } from "../config/one-line.ts";
import { type Redact, redactSecretShapesOnly } from "../config/redactor.ts";
import { StoreError } from "../store/research-reader.ts";
import { storageFailure } from "./storage-failure.ts";

/**
 * A failure a workflow reports on purpose. `code` is stable and machine-readable
 * ("configuration_error", "model_error", ...); `message` is one line that is safe to show a user
 * (no stack, no host path, no secret). `retryable` failures are tried again (resuming at the first
 * unfinished step) up to the runner's attempt limit; the others fail the job at once.
 */
export class JobError extends Error {
  override readonly name = "JobError";
  readonly code: string;
  readonly retryable: boolean;

  constructor(
    code: string,
    message: string,
    options: { retryable?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.retryable = options.retryable ?? false;
  }
}

/**
 * How a cancelled job ends: failed with this code (so a retry may start it again), its webhook
 * reporting `idea_cancelled`. Nothing after the cancel is committed; a commit already under way
 * when it came completes the job instead.
 */
export const CANCELLED: JobFailure = {
  code: "cancelled",
  message: "cancelled by a client before it finished",
  retryable: false,
};

/** Model failures worth another attempt later (the SDK already retried each call a few times). */
const TRANSIENT_MODEL_FAILURES = new Set<AgentErrorKind>([
  "overloaded",
  "rate_limited",
  "server_error",
  "network",
  "timeout",
]);

/** What a failed job records and shows: never a stack trace. */
export interface JobFailure {
  code: string;
  message: string;
  retryable: boolean;
}

/**
 * Maps anything a workflow throws to a failure a user may read. Errors from lower layers whose
 * messages are safe by contract (ConfigError, StoreError, AgentError) keep their message, with
 * `redact` applied: a model's message quotes its provider, and a provider may echo the key it
 * was sent. The job database failing under a step (a full disk) is worth another attempt once it
 * recovers; anything else is a bug, so its text (which may hold paths or secrets) stays in the
 * server log only.
 */
export function classifyJobFailure(
  error: unknown,
  redact: Redact = redactSecretShapesOnly,
): JobFailure {
  const safeLine = (text: string) => oneLine(redact(text), 500) || "no message";
  if (error instanceof JobError) {
    return { code: error.code, message: safeLine(error.message), retryable: error.retryable };
  }
  if (error instanceof ConfigError) {
    return { code: "configuration_error", message: safeLine(error.message), retryable: false };
  }
  if (error instanceof AgentError && error.kind !== "unexpected") {
    return {
      code: "model_error",
      message: safeLine(error.message),
      retryable: TRANSIENT_MODEL_FAILURES.has(error.kind),
    };
  }
  if (error instanceof StoreError) {
    return { code: "store_error", message: safeLine(error.message), retryable: error.transient };
  }
  const storage = storageFailure(error);
  if (storage) {
    return {
      code: "storage_unavailable",
      message: `the job database could not store this job's progress (${storage})`,
      retryable: true,
    };
  }
  return {
    code: "internal_error",
    message: "the job failed on an unexpected error (details are in the server log)",
    retryable: false,
  };
}
