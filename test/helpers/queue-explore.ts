import type { ExploreRequest } from "../../src/config/explore-request.ts";
import type { JobBackend } from "../../src/jobs/job-backend.ts";
import type { Json } from "../../src/jobs/workflow.ts";
import { EXPLORE_JOB_KIND } from "../../src/research/explore/explore-service.ts";
import { fingerprintIdea } from "../../src/research/idea-identity.ts";
import type { SubmitExplore } from "../../src/server/service-types.ts";

/**
 * The simplest SubmitExplore, for tests of the HTTP app and the job runner (the product's is
 * submitExplore in src/research/explore/explore-service.ts): every submission becomes a job of
 * kind "explore" whose payload is `toPayload(request)`, unless the same idea is already queued or
 * running (that job answers) or its Idempotency-Key was used before; duplicates of committed
 * research are then decided inside the workflow (its prepare step). The idea and mode are stored
 * as the job's indexed title and mode, the webhook beside the payload.
 */
export function queueExplore(
  jobs: JobBackend,
  toPayload: (request: ExploreRequest) => Json,
  kind = EXPLORE_JOB_KIND,
): SubmitExplore {
  return async ({ request, webhook, tokenId, idempotency }) =>
    jobs.enqueue({
      kind,
      payload: toPayload(request),
      mode: request.mode,
      title: request.idea,
      webhook,
      tokenId,
      fingerprint: fingerprintIdea(request.idea),
      idempotency,
    });
}
