import type { Context } from "hono";
import { ConfigError } from "../../config/config-error.ts";
import type { EnqueueOutcome } from "../../jobs/admit-job.ts";
import type { JobBackend } from "../../jobs/job-backend.ts";
import { storageFailure } from "../../jobs/storage-failure.ts";
import { StoreError } from "../../store/research-reader.ts";
import { ApiError } from "../api-error.ts";
import type { AuthVariables } from "../bearer-auth.ts";
import {
  exploreBodySchema,
  literalMetadataTarget,
  literalPrivateTarget,
  toExploreRequest,
  toWebhookTarget,
} from "../explore-body.ts";
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from "../idempotency-key.ts";
import { jobView } from "../job-view.ts";
import { readJsonObject } from "../read-json-body.ts";
import type { SubmitExplore, SubmitOutcome } from "../service-types.ts";
import { storageUnavailable } from "../storage-unavailable.ts";

type Env = { Variables: AuthVariables };

/**
 * POST /api/explore: validate, answer a retried Idempotency-Key from its job, else hand to the
 * explore use case (which may find the idea explored, or in flight, already).
 */
export function exploreHandler(
  jobs: JobBackend,
  submit: SubmitExplore,
  allowPrivateWebhooks: boolean,
) {
  return async (c: Context<Env>) => {
    const raw = await readJsonObject(c);
    const parsed = exploreBodySchema.safeParse(raw);
    if (!parsed.success) throw ApiError.invalid(parsed.error);
    const body = parsed.data;
    checkWebhookTarget(body.webhook_url, allowPrivateWebhooks);
    const request = toExploreRequest(body);
    if (!request.success) throw ApiError.invalid(request.error);
    const idempotency = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER), body);
    const tokenId = c.get("tokenId");

    // Checked before the use case: a retry must get its job even once that job's idea is explored.
    const outcome =
      (idempotency && (await jobs.replayIdempotent(tokenId, idempotency))) ??
      (await submitted(() =>
        submit({ request: request.data, webhook: toWebhookTarget(body), tokenId, idempotency }),
      ));
    return answerSubmission(c, outcome);
  };
}

/** A webhook URL that can never be delivered to is refused at submit time (400). */
export function checkWebhookTarget(webhook: string | undefined, allowPrivate: boolean): void {
  if (webhook && literalMetadataTarget(webhook)) {
    throw webhookRefused("link-local and cloud metadata addresses are never allowed");
  }
  if (!allowPrivate && webhook && literalPrivateTarget(webhook)) {
    throw webhookRefused("private, loopback and link-local addresses are not allowed");
  }
}

/** Runs a submission to the explore use case; its expected failures become API errors. */
export async function submitted<T>(submit: () => Promise<T>): Promise<T> {
  try {
    return await submit();
  } catch (error) {
    if (error instanceof ConfigError) throw new ApiError(400, "invalid_request", firstLine(error));
    if (error instanceof StoreError) {
      throw new ApiError(
        502,
        "store_error",
        `the ideas repository could not be used: ${firstLine(error)}`,
      );
    }
    const storage = storageFailure(error);
    if (storage) {
      throw storageUnavailable(
        `the job database could not store the job (${storage}); nothing was queued, try again later`,
      );
    }
    throw error;
  }
}

/** 202 for a new job; 200 with the job already answering this idea or key; 422 for a reused key. */
export function answerSubmission(c: Context<Env>, outcome: SubmitOutcome): Response {
  if (outcome.kind === "existing") return c.json(outcome.body, 200);
  const job = acceptedJob(outcome);
  c.header("Location", job.status_url);
  return c.json(job, outcome.kind === "queued" ? 202 : 200);
}

/** The job an enqueue answered with, as the API shows it; a reused key is refused (422). */
export function acceptedJob(outcome: EnqueueOutcome) {
  if (outcome.kind === "key_reused") {
    const message = "was already used with a different request: use a new key for a new request";
    throw new ApiError(422, "idempotency_key_reused", `${IDEMPOTENCY_HEADER} ${message}`, {
      details: [{ path: IDEMPOTENCY_HEADER, message }],
    });
  }
  const view = jobView(outcome.job);
  const job = { job_id: view.job_id, status: view.status, status_url: view.status_url };
  if (outcome.kind === "in_flight") return { ...job, duplicate_of_job: true as const };
  if (outcome.kind === "replayed") return { ...job, idempotent_replay: true as const };
  return job;
}

function firstLine(error: Error): string {
  return error.message.split("\n", 1)[0] ?? "";
}

function webhookRefused(message: string): ApiError {
  return new ApiError(400, "invalid_request", `webhook_url: ${message}`, {
    details: [{ path: "webhook_url", message }],
  });
}
