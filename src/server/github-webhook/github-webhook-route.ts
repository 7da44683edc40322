import type { Handler } from "hono";
import type { DeliveryAnswer, GitHubDelivery } from "../../research/issues/issue-webhook.ts";
import { ApiError } from "../api-error.ts";
import { bodyHash, verifyGitHubSignature } from "./verify-signature.ts";

export const GITHUB_WEBHOOK_PATH = "/api/github/webhook";

/** GitHub sends up to 25 MB; an issues event is a few KiB, its body at most 64 Ki characters. */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

export interface GitHubWebhookOptions {
  /** GITHUB_WEBHOOK_SECRET; without it every delivery is refused. */
  secret: string | undefined;
  /** Turns a verified delivery into a job, or says why not (see acceptIssueDelivery). */
  accept: ((delivery: GitHubDelivery) => Promise<DeliveryAnswer>) | undefined;
  /** Why deliveries cannot be accepted, when the secret is set but something else is missing. */
  problem?: string;
}

/**
 * POST /api/github/webhook. It needs no API token: GitHub cannot send one, and the signature
 * proves the sender knows the secret. Nothing is parsed or queued before the signature over the
 * raw body is verified; an unsigned or forged delivery is refused 401, and without a secret every
 * delivery is refused 503, saying what to set.
 */
export function githubWebhookHandler(options: GitHubWebhookOptions | undefined): Handler {
  return async (c) => {
    const { secret, accept, problem } = options ?? { secret: undefined, accept: undefined };
    if (!secret) {
      throw new ApiError(
        503,
        "not_configured",
        "GitHub webhooks are off: set GITHUB_WEBHOOK_SECRET to the webhook's secret and restart",
      );
    }
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (body.byteLength > WEBHOOK_BODY_LIMIT_BYTES) {
      throw new ApiError(413, "payload_too_large", "the delivery is larger than 1 MiB");
    }
    if (!(await verifyGitHubSignature(secret, body, c.req.header("x-hub-signature-256")))) {
      throw new ApiError(
        401,
        "invalid_signature",
        "X-Hub-Signature-256 is missing or does not match the body signed with GITHUB_WEBHOOK_SECRET",
      );
    }
    if (!accept) {
      throw new ApiError(503, "not_configured", problem ?? "GitHub webhooks are not set up");
    }
    const event = c.req.header("x-github-event");
    const id = c.req.header("x-github-delivery");
    if (!event || !id || id.length > 200) {
      throw new ApiError(400, "bad_request", "X-GitHub-Event and X-GitHub-Delivery are required");
    }
    let payload: unknown;
    try {
      payload = JSON.parse(new TextDecoder().decode(body));
    } catch {
      throw new ApiError(
        415,
        "unsupported_media_type",
        "the delivery is not JSON: set the webhook's content type to application/json",
      );
    }
    const answer = await accept({ id, event, payload, bodyHash: await bodyHash(body) });
    return c.json(answer.body, answer.status);
  };
}
