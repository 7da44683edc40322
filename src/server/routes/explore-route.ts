import type { Context } from "hono";
import { ConfigError } from "../../config/config-error.ts";
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
import type { ExploreSubmission, SubmitExplore, SubmitOutcome } from "../service-types.ts";
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
    const webhook = body.webhook_url;
    if (webhook && literalMetadataTarget(webhook)) {
      throw webhookRefused("link-local and cloud metadata addresses are never allowed");
    }
    if (!allowPrivateWebhooks && webhook && literalPrivateTarget(webhook)) {
      throw webhookRefused("private, loopback and link-local addresses are not allowed");
    }
    const request = toExploreRequest(body);
    if (!request.success) throw ApiError.invalid(request.error);
    const idempotency = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER), body);
    const tokenId = c.get("tokenId");

    // Checked before the use case: a retry must get its job even once that job's idea is explored.
    const outcome =
      (idempotency && (await jobs.replayIdempotent(tokenId, idempotency))) ??
      (await submitted(submit, {
        request: request.data,
        webhook: toWebhookTarget(body),
        tokenId,
        idempotency,
      }));
    return answer(c, outcome);
  };
}

async function submitted(submit: SubmitExplore, submission: ExploreSubmission) {
  try {
    return await submit(submission);
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
function answer(c: Context<Env>, outcome: SubmitOutcome): Response {
  if (outcome.kind === "existing") return c.json(outcome.body, 200);
  if (outcome.kind === "key_reused") {
    const message = "was already used with a different request: use a new key for a new request";
    throw new ApiError(422, "idempotency_key_reused", `${IDEMPOTENCY_HEADER} ${message}`, {
      details: [{ path: IDEMPOTENCY_HEADER, message }],
    });
  }
  const view = jobView(outcome.job);
  c.header("Location", view.status_url);
  const job = { job_id: view.job_id, status: view.status, status_url: view.status_url };
  if (outcome.kind === "in_flight") return c.json({ ...job, duplicate_of_job: true }, 200);
  if (outcome.kind === "replayed") return c.json({ ...job, idempotent_replay: true }, 200);
  return c.json(job, 202);
}

function firstLine(error: Error): string {
  return error.message.split("\n", 1)[0] ?? "";
}

function webhookRefused(message: string): ApiError {
  return new ApiError(400, "invalid_request", `webhook_url: ${message}`, {
    details: [{ path: "webhook_url", message }],
  });
}
