import { z } from "zod";
import { researchModeSchema } from "../../config/explore-request.ts";
import { JOB_STATUSES } from "../../jobs/job-record.ts";

export const NOT_ISSUED = "is not one this server issued (use next_cursor from a listing)";

/** The query of GET /api/jobs; its rules are the API's and its OpenAPI document's. */
export const listQuerySchema = z.object({
  status: z.enum(JOB_STATUSES, { error: `must be one of ${JOB_STATUSES.join(", ")}` }).optional(),
  mode: researchModeSchema.optional(),
  limit: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(20),
  cursor: z.string().max(100, NOT_ISSUED).optional(),
});

/** The query of GET /api/jobs/{id}/research. */
export const researchQuerySchema = z.object({
  format: z
    .enum(["markdown", "html"], { error: 'must be "markdown" or "html"' })
    .default("markdown"),
});
