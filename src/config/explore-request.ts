import { z } from "zod";
import { ConfigError } from "./config-error.ts";
import { isContinueFromPath } from "./continue-from-path.ts";
import { MAX_IDEA_LENGTH, MAX_TIMEOUT_SECONDS } from "./explore-limits.ts";
import { hostListSchema } from "./host-list.ts";
import { MAX_MODEL_ID_LENGTH } from "./model-id.ts";
import { reportLanguageSchema } from "./report-language.ts";
import { normalizeLineBreaks, printableText } from "./text-problems.ts";
import { zodMessage } from "./zod-message.ts";

export const DEFAULT_MAX_STEPS = 5;
export const DEFAULT_TOKEN_BUDGET = 100_000;

/** quick: one agent run; deep: plan sub-questions, research them in parallel, synthesize. */
export const researchDepthSchema = z.enum(["quick", "deep"], {
  error: () => 'must be "quick" or "deep"',
});
export const DEFAULT_PARALLEL = 3;

export const researchModeSchema = z.enum(["business", "exploration"], {
  error: () => 'must be "business" or "exploration"',
});

/** business: viability and a verdict; exploration: 5-10 directions. */
export type ResearchMode = z.output<typeof researchModeSchema>;

export const checkClaimsSchema = z
  .enum(["figures", "model"], { error: () => 'must be "figures" or "model"' })
  .describe(
    "figures: every cited figure is looked for in the passage its citation rests on (free, always); model: a cheap model also judges whether each passage supports its sentence (priced, counted against the cost limit)",
  );

/** What a model id may be: the run's model and the check model alike. */
const modelIdSchema = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "must not be empty (leave it out for the default model)")
  .max(MAX_MODEL_ID_LENGTH, `must be at most ${MAX_MODEL_ID_LENGTH} characters`)
  .superRefine(printableText)
  // The same rule serve applies to --model at start: a model id has no spaces.
  .refine((id) => !/\s/.test(id), { message: "must be a model id, without spaces" });

/** One exploration as the CLI and the HTTP API both ask for it. */
export const exploreRequestSchema = z
  .object({
    idea: z
      .string({ error: "must be text" })
      .overwrite(normalizeLineBreaks)
      .trim()
      .min(1, "must not be empty")
      .max(MAX_IDEA_LENGTH, `must be at most ${withCommas(MAX_IDEA_LENGTH)} characters`)
      .superRefine(printableText),
    mode: researchModeSchema.default("business"),
    model: modelIdSchema.optional(),
    context: z
      .string({ error: "must be text" })
      .overwrite(normalizeLineBreaks)
      .trim()
      .max(MAX_IDEA_LENGTH, `must be at most ${withCommas(MAX_IDEA_LENGTH)} characters`)
      .superRefine(printableText)
      .optional(),
    update: z.boolean({ error: "must be true or false" }).default(false),
    /**
     * Absent means a plain run, so a stored request from before refreshes existed reads the same.
     * A refresh is an update (it implies update) that looks for what changed since the last run.
     */
    refresh: z
      .boolean({ error: "must be true or false" })
      .describe(
        "re-research an existing exploration for what changed since its last run: an update whose section starts with What changed",
      )
      .optional(),
    force: z.boolean({ error: "must be true or false" }).default(false),
    continueFrom: z
      .string({ error: "must be text" })
      .trim()
      .min(1, "must not be empty")
      .max(300, "must be at most 300 characters")
      .refine(isContinueFromPath, {
        message: "must name an earlier exploration folder such as 2026-01-05-my-idea",
      })
      .optional(),
    maxSteps: wholeNumber(1, 50).default(DEFAULT_MAX_STEPS),
    tokenBudget: wholeNumber(1_000, 10_000_000).default(DEFAULT_TOKEN_BUDGET),
    collectToolStats: z.boolean({ error: "must be true or false" }).default(false),
    /**
     * Absent means quick, and parallel's default applies in deep mode only: a quick run's request
     * (stored in every job) stays exactly what it was before deep research existed.
     */
    depth: researchDepthSchema.optional(),
    /** Deep mode: how many sub-questions are researched at once (default DEFAULT_PARALLEL). */
    parallel: wholeNumber(1, 6).optional(),
    /** The whole run's time limit; the agent's default (10 min) when absent. */
    timeoutSeconds: wholeNumber(10, MAX_TIMEOUT_SECONDS).optional(),
    /** false: no web_fetch tool at all (an operator's setting can also turn it off). */
    webFetch: z.boolean({ error: "must be true or false" }).optional(),
    /** web_fetch calls one agent run may make (the operator's cap, when lower, wins). */
    maxFetches: wholeNumber(1, 100).optional(),
    /** ...and one model step may make. */
    maxFetchesPerStep: wholeNumber(1, 20).optional(),
    /** The most characters of page text one web_fetch call returns (default 12,000). */
    maxPageChars: wholeNumber(1_000, 200_000).optional(),
    /** Hosts web_fetch may read (with their subdomains); the operator's list applies as well. */
    fetchAllowHosts: hostListSchema.optional(),
    /** Hosts web_fetch never reads, on top of the operator's. */
    fetchDenyHosts: hostListSchema.optional(),
    /** Past this many US dollars the run stops searching and writes its report. */
    maxCostUsd: z
      .number({ error: "must be a number of US dollars from 0.01 to 1,000" })
      .min(0.01, "must be a number of US dollars from 0.01 to 1,000")
      .max(1_000, "must be a number of US dollars from 0.01 to 1,000")
      .optional(),
    /**
     * Absent means "figures", so a request that does not ask for the model check stays exactly
     * what it was before the check existed (stored jobs, the paid-research key).
     */
    checkClaims: checkClaimsSchema.optional(),
    /**
     * The report's language (a BCP 47 primary code such as "de"); absent means the idea's own
     * (detected), or for an update the document's.
     */
    language: reportLanguageSchema
      .describe(
        'the language the report and its headings are written in, a code such as "en", "de" or "ja" (default: the idea\'s language; an update keeps the document\'s)',
      )
      .optional(),
    /** The model check's model (default: see checkModelId in src/models/check-model.ts). */
    checkModel: modelIdSchema
      .describe("the model that judges the claims, on the run's provider")
      .optional(),
  })
  .refine((r) => r.checkModel === undefined || r.checkClaims === "model", {
    // Named by the field that must change, in the words of whichever surface was used.
    path: ["checkClaims"],
    message: 'must be "model" when a check model is given',
  })
  .refine((r) => !(r.refresh && r.force), {
    message: "choose either refresh or force, not both",
  })
  .refine((r) => !(r.update && r.force), {
    message: "choose either update or force, not both",
  })
  // Every surface that sends refresh alone gets an update: the refresh adds to the exploration.
  .overwrite((r) => (r.refresh && !r.update ? { ...r, update: true } : r));

export type ExploreRequest = z.output<typeof exploreRequestSchema>;
export type ExploreRequestInput = z.input<typeof exploreRequestSchema>;

/** `names` renames fields in the error to what the caller's user typed (flags, JSON keys). */
export function parseExploreRequest(
  input: unknown,
  names: Record<string, string> = {},
): ExploreRequest {
  const parsed = exploreRequestSchema.safeParse(input);
  if (!parsed.success) throw new ConfigError(zodMessage(parsed.error, names));
  return parsed.data;
}

function wholeNumber(min: number, max: number) {
  const range = `must be a whole number from ${withCommas(min)} to ${withCommas(max)}`;
  return z.number({ error: range }).int(range).min(min, range).max(max, range);
}

/**
 * A whole number with thousands separators ("10,000"), as toLocaleString("en") writes it but
 * without starting ICU at import, which costs every command that loads this tens of milliseconds.
 */
function withCommas(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
