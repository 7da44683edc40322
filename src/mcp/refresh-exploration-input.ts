import { z } from "zod";
import { exploreRequestSchema } from "../config/explore-request.ts";
import { exploreIdeaInputSchema } from "./explore-idea-input.ts";

const limits = exploreIdeaInputSchema.shape;

/**
 * refresh_exploration's input: which exploration (its folder, or its idea), and the run's limits
 * as explore_idea takes them. Strict, so a misspelt field is refused instead of ignored.
 */
export const refreshExplorationInputSchema = z
  .strictObject({
    folder: z
      .string({ error: "must be text" })
      .trim()
      .min(1, "must not be empty")
      .max(300, "must be at most 300 characters")
      .optional()
      .describe(
        'The exploration\'s folder under ideas/, e.g. "2026-01-05-my-idea" (search_research finds them). Give folder or idea.',
      ),
    idea: exploreRequestSchema.shape.idea
      .optional()
      .describe("The idea an earlier exploration answered, as it was asked. Give folder or idea."),
    depth: limits.depth,
    parallel: limits.parallel,
    max_cost_usd: limits.max_cost_usd,
    web_fetch: limits.web_fetch,
    max_fetches: limits.max_fetches,
    max_fetches_per_step: limits.max_fetches_per_step,
    max_page_chars: limits.max_page_chars,
    fetch_allow_hosts: limits.fetch_allow_hosts,
    fetch_deny_hosts: limits.fetch_deny_hosts,
    check_claims: limits.check_claims,
    check_model: limits.check_model,
    timeout_seconds: limits.timeout_seconds,
  })
  .refine((input) => (input.folder === undefined) !== (input.idea === undefined), {
    message: "give either folder or idea (one of them)",
  });

export type RefreshExplorationInput = z.output<typeof refreshExplorationInputSchema>;
