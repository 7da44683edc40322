import { z } from "zod";
import { researchModeSchema } from "../../config/explore-request.ts";

/** The query of GET /api/explorations; its rules are the API's and its OpenAPI document's. */
export const explorationsQuerySchema = z.object({
  q: z
    .string({ error: "must be text" })
    .max(200, "must be at most 200 characters")
    .optional()
    .describe(
      "Words of the title, idea or folder name, ranked as the search_research tool ranks them " +
        "(best first); without q, newest first.",
    ),
  mode: researchModeSchema.optional().describe("Only explorations of this mode."),
  sort: z
    .enum(["newest", "stalest"], { error: 'must be "newest" or "stalest"' })
    .optional()
    .describe(
      "newest: by the folder's date, newest first (the default without q); stalest: by " +
        "last_researched, oldest first. With q the matches are ranked best first unless a sort " +
        "is given.",
    ),
  older_than_days: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be at least 0")
    .max(100_000, "must be at most 100000")
    .optional()
    .describe("Only explorations last researched at least this many days ago (age_days >= N)."),
  limit: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(20)
    .describe("Explorations per page."),
  cursor: z
    .string({ error: "must be text" })
    .max(600, "is not one this server issued (use next_cursor from a listing)")
    .optional()
    .describe("next_cursor of the previous page, with the same q, mode, sort and older_than_days."),
});

const source = { title: z.string(), url: z.string() };

export const explorationSummarySchema = z.object({
  folder: z
    .string()
    .describe("The folder under ideas/, as GET /api/explorations/{folder} takes it."),
  path: z.string().describe("research.md's path in the ideas repository."),
  title: z.string(),
  idea: z.string().nullable(),
  mode: z.string().nullable().describe('"business" or "exploration" (from the frontmatter).'),
  date: z.string().nullable().describe("YYYY-MM-DD"),
  verdict: z
    .string()
    .nullable()
    .describe('Business: the latest verdict ("Pursue", "Pursue with changes", "Do not pursue").'),
  directions: z.number().int().nullable().describe("Exploration: how many directions it maps."),
  cited_sources: z.number().int().describe("Numbered sources the report's [n] markers cite."),
  consulted_sources: z.number().int().describe("Sources retrieved but not cited."),
  cost_usd: z
    .number()
    .nullable()
    .describe("What its runs cost (exploration-log.json); null unless every run's cost is known."),
  updates: z.array(z.string()).describe('The dates of its "## Update - <date>" sections.'),
  refreshed: z.array(z.string()).describe("The days it was refreshed (YYYY-MM-DD), in order."),
  last_researched: z
    .string()
    .nullable()
    .describe("YYYY-MM-DD: the latest of its date, its updates and its refreshes."),
  age_days: z
    .number()
    .int()
    .nullable()
    .describe("Whole days since last_researched (UTC); null without any date."),
  changed: z
    .boolean()
    .describe("Its latest refresh changed the verdict (exploration-log.json's refresh entry)."),
  url: z.string().describe("This exploration in the API."),
});

export const explorationListSchema = z.object({
  explorations: z.array(explorationSummarySchema),
  next_cursor: z.string().nullable().describe("null on the last page."),
  search: z
    .object({
      searched: z.number().int().describe("research.md files the ranking read."),
      folders: z.number().int().describe("Folders under ideas/."),
    })
    .nullable()
    .describe("With q: how far the search reached (it reads the 50 likeliest folders)."),
});

const tokens = z.object({
  input: z.number().int(),
  output: z.number().int(),
  total: z.number().int(),
  cache_read: z.number().int(),
  cache_write: z.number().int(),
});

export const logSummarySchema = z.object({
  runs: z.array(
    z.object({
      started_at: z.string().nullable(),
      model: z.string().nullable(),
      mode: z.string().nullable(),
      update: z.boolean(),
      steps: z.number().int(),
      tokens,
      cost_usd: z.number().nullable(),
      stopped_by: z.string().nullable(),
      queries: z.number().int().describe("Web searches this run made."),
    }),
  ),
  steps: z.number().int(),
  tokens,
  cost_usd: z.number().nullable().describe("null unless every run's cost is known."),
  stopped_by: z.string().nullable().describe("Why the latest run stopped."),
  queries: z.array(
    z.object({ query: z.string(), result_count: z.number().int().nullable(), ok: z.boolean() }),
  ),
  checks: z
    .object({
      citations: z.number().int(),
      supported: z.number().int().describe("Every figure or quote found in the cited passage."),
      not_found: z.number().int().describe("Some figure or quote not found in the cited passage."),
      nothing_to_check: z.number().int().describe("The sentence states no figure or quote."),
      model: z
        .object({
          supported: z.number().int(),
          unsupported: z.number().int(),
          unclear: z.number().int(),
          skipped: z.number().int(),
        })
        .optional()
        .describe("The model check's verdicts, when it was asked for."),
    })
    .optional()
    .describe("The figure check of the runs' citations, summed; absent when no run recorded one."),
});

export const explorationDetailSchema = explorationSummarySchema.extend({
  model: z.string().nullable(),
  markdown: z.string().describe("research.md as stored."),
  html: z.string().describe("The report as sanitized HTML (no raw HTML, safe links only)."),
  sources: z
    .array(z.object({ n: z.number().int().describe("Its [n] marker."), ...source }))
    .describe("The numbered sources: the report's [n] markers link to url."),
  consulted: z.array(z.object(source)),
  log: logSummarySchema.nullable().describe("null without a readable exploration-log.json."),
});

export type ExplorationListBody = z.input<typeof explorationListSchema>;
export type ExplorationDetailBody = z.input<typeof explorationDetailSchema>;
