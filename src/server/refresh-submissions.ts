import type { IdempotencyKey, WebhookTarget } from "../jobs/job-record.ts";
import {
  refreshRequestFor,
  type StaleExploration,
  type StaleQuery,
} from "../research/refresh/stale-explorations.ts";
import { ApiError } from "./api-error.ts";
import { toExploreRequest } from "./explore-body.ts";
import type { FindStale, SubmitExplore, SubmitOutcome } from "./service-types.ts";

export interface RefreshSubmission {
  exploration: StaleExploration;
  outcome: SubmitOutcome;
}

/**
 * A refresh of each exploration, in order, as an explore job through the one submission path
 * POST /api/explore uses: an idea already queued or running answers with that job, and a
 * finished step is never paid again. `limits` are the wire fields of the body (max_cost_usd...),
 * checked together with the refresh's own fields, so a rule across them is named as sent.
 */
export async function submitRefreshes(
  submit: SubmitExplore,
  explorations: readonly StaleExploration[],
  limits: Readonly<Record<string, unknown>>,
  context: {
    webhook: WebhookTarget | undefined;
    tokenId: string | undefined;
    idempotency?: IdempotencyKey;
  },
): Promise<RefreshSubmission[]> {
  const submissions: RefreshSubmission[] = [];
  for (const exploration of explorations) {
    const checked = toExploreRequest({
      ...limits,
      idea: exploration.idea,
      mode: exploration.mode,
      update: true,
      refresh: true,
    });
    if (!checked.success) throw ApiError.invalid(checked.error);
    const request = refreshRequestFor(exploration, checked.data);
    const outcome = await submit({ ...context, request });
    submissions.push({ exploration, outcome });
  }
  return submissions;
}
