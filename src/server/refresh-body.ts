import { z } from "zod";
import { researchModeSchema } from "../config/explore-request.ts";
import { DEFAULT_REFRESH_AGE_DAYS } from "../research/refresh/stale-explorations.ts";
import { exploreBodyShape } from "./explore-body.ts";

/**
 * The fields of POST /api/explore a refresh takes: the run's limits, model and webhook. The idea,
 * its mode and update come from the exploration itself, so they are not the caller's to give.
 */
const limitShape = {
  model: exploreBodyShape.model,
  depth: exploreBodyShape.depth,
  parallel: exploreBodyShape.parallel,
  timeout_seconds: exploreBodyShape.timeout_seconds,
  max_cost_usd: exploreBodyShape.max_cost_usd,
  web_fetch: exploreBodyShape.web_fetch,
  max_fetches: exploreBodyShape.max_fetches,
  max_fetches_per_step: exploreBodyShape.max_fetches_per_step,
  max_page_chars: exploreBodyShape.max_page_chars,
  fetch_allow_hosts: exploreBodyShape.fetch_allow_hosts,
  fetch_deny_hosts: exploreBodyShape.fetch_deny_hosts,
  check_claims: exploreBodyShape.check_claims,
  check_model: exploreBodyShape.check_model,
  collect_tool_stats: exploreBodyShape.collect_tool_stats,
  webhook_url: exploreBodyShape.webhook_url,
  callback_secret: exploreBodyShape.callback_secret,
};

/** The fields that are the webhook's, not the request's. */
export const WEBHOOK_FIELDS = ["webhook_url", "callback_secret"] as const;

/** At most this many explorations are refreshed by one POST /api/refresh when it names no limit. */
export const DEFAULT_REFRESH_LIMIT = 5;
export const MAX_REFRESH_LIMIT = 50;

const staleShape = {
  older_than_days: z
    .number({ error: "must be a whole number of days from 1 to 3,650" })
    .int("must be a whole number of days from 1 to 3,650")
    .min(1, "must be a whole number of days from 1 to 3,650")
    .max(3_650, "must be a whole number of days from 1 to 3,650")
    .default(DEFAULT_REFRESH_AGE_DAYS)
    .describe(
      `Refresh explorations last researched more than this many days ago (default ${DEFAULT_REFRESH_AGE_DAYS}).`,
    ),
  limit: z
    .number({ error: `must be a whole number from 1 to ${MAX_REFRESH_LIMIT}` })
    .int(`must be a whole number from 1 to ${MAX_REFRESH_LIMIT}`)
    .min(1, `must be a whole number from 1 to ${MAX_REFRESH_LIMIT}`)
    .max(MAX_REFRESH_LIMIT, `must be a whole number from 1 to ${MAX_REFRESH_LIMIT}`)
    .default(DEFAULT_REFRESH_LIMIT)
    .describe(`At most this many, stalest first (default ${DEFAULT_REFRESH_LIMIT}).`),
  mode: researchModeSchema.optional().describe("Only explorations of this mode."),
  verdict: z
    .string({ error: "must be text" })
    .trim()
    .min(1, "must not be empty")
    .max(100, "must be at most 100 characters")
    .optional()
    .describe('Only business analyses with this verdict, e.g. "Pursue with changes".'),
  query: z
    .string({ error: "must be text" })
    .trim()
    .min(1, "must not be empty")
    .max(200, "must be at most 200 characters")
    .optional()
    .describe("Only explorations these words find (as search_research finds them)."),
};

function strictBody<Shape extends z.ZodRawShape>(shape: Shape) {
  const fields = Object.keys(shape);
  return z
    .strictObject(shape, {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `unknown field ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}; allowed: ${fields.join(", ")}`
          : "must be a JSON object",
    })
    .refine((body) => hasWebhookForSecret(body as Record<string, unknown>), {
      path: ["callback_secret"],
      message: "needs webhook_url (the secret signs webhook deliveries)",
    });
}

function hasWebhookForSecret(body: Record<string, unknown>): boolean {
  return body.callback_secret === undefined || body.webhook_url !== undefined;
}

/** The (optional) body of POST /api/explorations/{folder}/refresh. */
export const refreshOneBodySchema = strictBody(limitShape);

/** The body of POST /api/refresh: which explorations, and each run's limits. */
export const refreshStaleBodySchema = strictBody({ ...staleShape, ...limitShape });

export type RefreshOneBody = z.output<typeof refreshOneBodySchema>;
export type RefreshStaleBody = z.output<typeof refreshStaleBodySchema>;

/** The limit fields of a body (wire names), without the webhook's or the selection's. */
export function limitFields(body: Record<string, unknown>): Record<string, unknown> {
  const limits: Record<string, unknown> = {};
  for (const key of Object.keys(limitShape)) {
    if (body[key] !== undefined && !(WEBHOOK_FIELDS as readonly string[]).includes(key)) {
      limits[key] = body[key];
    }
  }
  return limits;
}
