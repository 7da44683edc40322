import type { KnownAnthropicModelId } from "./anthropic-model-aliases.ts";

/**
 * The model check's default judge with Anthropic: a cheap Haiku whose price the price source
 * knows, so a run with --max-cost can count it. (The `haiku` alias names the newest Haiku,
 * which the source may not price yet; a default that makes --max-cost refuse would be no default.)
 */
export const DEFAULT_ANTHROPIC_CHECK_MODEL =
  "claude-haiku-4-5" as const satisfies KnownAnthropicModelId;

/**
 * The model id that judges a run's claims: the request's, else the operator's
 * (IDEA_EXPLORER_CHECK_MODEL), else Haiku with Anthropic and the run's own model elsewhere: a
 * local server serves the model it was started with, and another name would likely be refused.
 */
export function checkModelId(
  run: { provider: string; modelId: string },
  requested: string | undefined,
  operatorDefault: string | undefined,
): string {
  const named = requested?.trim() || operatorDefault?.trim();
  if (named) return named;
  return run.provider === "anthropic" ? DEFAULT_ANTHROPIC_CHECK_MODEL : run.modelId;
}
