import { z } from "zod";
import { researchModeSchema } from "../../config/explore-request.ts";
import { JOB_STATUSES } from "../../jobs/job-record.ts";

// What the job routes answer, as zod schemas for the OpenAPI document. The request schemas are
// the routes' own; these describe the bodies job-view.ts and the handlers build, and the API
// tests check real answers against them, so a field added there fails until it is described.

const nullableText = z.string().nullable();
const count = z.number().int().nonnegative().nullable();

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string().describe('Stable, e.g. "invalid_query", "job_not_found", "unauthorized".'),
    message: z.string().describe("One line a person can act on."),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("For a request that failed validation: one entry per field."),
  }),
});

export const jobProgressSchema = z.object({
  step: nullableText.describe('The workflow step: "prepare", "research", "plan", "commit"...'),
  agent_step: count,
  max_steps: count,
  tool_calls: count,
  input_tokens: count,
  output_tokens: count,
  message: nullableText,
  // The live view of a running job (optional: servers before it leave them out).
  cost_usd: z.number().nullable().optional().describe("Cost so far, for a priced model."),
  started_at: nullableText.optional().describe("When the research began (ISO 8601)."),
  queries: z
    .array(z.object({ query: z.string(), results: count, ok: z.boolean() }))
    .optional()
    .describe("The latest web searches, oldest first (at most 20)."),
  query_count: count.optional(),
  pages: z
    .array(z.object({ title: z.string(), url: z.string() }))
    .optional()
    .describe("The latest pages retrieved, oldest first (at most 20)."),
  page_count: count.optional(),
  plan: nullableText.optional().describe("Deep research: the plan as announced."),
  lines: z.array(z.string()).optional().describe("Deep research: the latest progress lines."),
});

export const jobSchema = z.object({
  job_id: z.string(),
  kind: z.string().describe('"explore"'),
  status: z.enum(JOB_STATUSES),
  mode: researchModeSchema.nullable(),
  idea: nullableText,
  current_step: nullableText,
  progress: jobProgressSchema.nullable(),
  result: z
    .unknown()
    .describe(
      "Once completed: { status, path, folder, locations, url?, commitSha?, notes?, warnings?, " +
        "stats: { steps, stoppedBy, cost, inputTokens, outputTokens, toolCalls, citedSources, ... } }",
    ),
  error: z
    .object({
      code: z
        .string()
        .describe(
          "configuration_error, store_error, model_error, interrupted, cancelled, internal_error",
        ),
      message: z.string(),
    })
    .nullable(),
  attempts: z.number().int().nonnegative(),
  webhook: z
    .object({
      status: z.enum(["pending", "delivered", "failed"]),
      detail: nullableText,
      origin: nullableText,
    })
    .nullable()
    .describe("null when the job has no webhook_url."),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: nullableText,
  status_url: z.string(),
  events_url: z.string(),
  research_url: z.string(),
});

export const jobListSchema = z.object({
  jobs: z.array(jobSchema),
  next_cursor: nullableText.describe("null on the last page."),
});

export const jobAcceptedSchema = z.object({
  job_id: z.string(),
  status: z.enum(JOB_STATUSES),
  status_url: z.string(),
  duplicate_of_job: z
    .literal(true)
    .optional()
    .describe("The idea is queued or running already: this is that job."),
  idempotent_replay: z
    .literal(true)
    .optional()
    .describe("A retry with the same Idempotency-Key: this is the job it made."),
  retry_of: z.string().optional().describe("POST /api/jobs/{id}/retry: the job retried."),
});

export const alreadyExploredSchema = z.object({
  status: z.literal("exists"),
  path: z.string().describe("research.md of the earlier exploration."),
  date: z.string(),
});

export const progressEventSchema = z.object({
  status: z.string(),
  current_step: nullableText,
  progress: jobProgressSchema.nullable(),
});

export const healthSchema = z.object({
  status: z.literal("ok"),
  auth: z.enum(["bearer", "none"]),
});

export const githubDeliveryAnswerSchema = z.object({
  status: z
    .enum(["queued", "redelivery", "in_flight", "ignored", "pong"])
    .describe("queued (202): a new job; the rest (200): nothing new was queued."),
  job_id: z.string().optional().describe("The job the delivery made (or made before)."),
  reason: z.string().optional().describe("Why an ignored delivery was ignored."),
});

/** POST /api/explore/estimate's answer (research/explore/cost-estimate.ts CostEstimate). */
export const costEstimateAnswerSchema = z.object({
  estimate: z
    .union([
      z.object({
        priced: z.literal(true),
        maxUsd: z
          .number()
          .describe("The most the run can cost under its limits (at most max_cost_usd), in USD."),
        typicalUsd: z
          .object({ low: z.number(), high: z.number() })
          .describe("A typical range from the price and the limits, in USD."),
        capUsd: z.number().optional().describe("max_cost_usd, when the request set it."),
      }),
      z.object({
        priced: z.literal(false),
        reason: z.string().describe('Why there is no estimate: "no price for <model>".'),
      }),
    ])
    .describe("Computed from the model's price and the request's limits; nothing is paid."),
});

/** POST /api/refresh: one job per stale exploration, stalest first. */
export const refreshJobsSchema = z.object({
  jobs: z.array(
    jobAcceptedSchema.extend({
      folder: z.string().describe("The exploration refreshed, under ideas/."),
      last_researched: z.string().describe("YYYY-MM-DD: its date, last update or refresh."),
      age_days: z.number().int().describe("Days since then."),
    }),
  ),
});
