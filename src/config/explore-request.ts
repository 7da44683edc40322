import { z } from "zod";
import { ConfigError } from "./config-error.ts";
import { zodMessage } from "./zod-message.ts";

export const MAX_IDEA_LENGTH = 10_000;
export const DEFAULT_MAX_STEPS = 5;
export const DEFAULT_TOKEN_BUDGET = 100_000;

export const researchModeSchema = z.enum(["business", "exploration"], {
  error: () => 'must be "business" or "exploration"',
});

/** One exploration as the CLI and the HTTP API both ask for it. */
export const exploreRequestSchema = z
  .object({
    idea: z
      .string({ error: "must be text" })
      .trim()
      .min(1, "must not be empty")
      .max(MAX_IDEA_LENGTH, `must be at most ${MAX_IDEA_LENGTH.toLocaleString("en")} characters`),
    mode: researchModeSchema.default("business"),
    model: z.string().trim().min(1).max(100).optional(),
    context: z.string().trim().max(MAX_IDEA_LENGTH).optional(),
    update: z.boolean().default(false),
    force: z.boolean().default(false),
    continueFrom: z.string().trim().min(1).max(300).optional(),
    maxSteps: z.number().int().min(1).max(50).default(DEFAULT_MAX_STEPS),
    tokenBudget: z.number().int().min(1_000).max(10_000_000).default(DEFAULT_TOKEN_BUDGET),
    collectToolStats: z.boolean().default(false),
  })
  .refine((r) => !(r.update && r.force), {
    message: "choose either update or force, not both",
  });

export type ExploreRequest = z.output<typeof exploreRequestSchema>;
export type ExploreRequestInput = z.input<typeof exploreRequestSchema>;

export function parseExploreRequest(input: unknown): ExploreRequest {
  const parsed = exploreRequestSchema.safeParse(input);
  if (!parsed.success) throw new ConfigError(zodMessage(parsed.error));
  return parsed.data;
}
