import type { LanguageModelUsage, StopCondition, ToolSet } from "ai";
import { DEFAULT_MAX_STEPS, DEFAULT_TOKEN_BUDGET } from "../config/explore-request.ts";
import { AgentError } from "./agent-error.ts";

/** What bounds one run. Every limit is a guard against runaway cost or time. */
export interface AgentLimits {
  /** Model calls that may use tools (seed 000: 5). A final no-tools step may follow. */
  maxSteps: number;
  /**
   * Input plus output tokens summed over the steps (cache reads included, since every step
   * resends the conversation), seed 002's second guard.
   */
  tokenBudget: number;
  /** Per model call (seed 000: 16,384). */
  maxOutputTokens: number;
  /** The whole run, model calls, retries and tools included. */
  timeoutMs: number;
  /** One client-side tool call; the model reads a timeout error and goes on. */
  toolTimeoutMs: number;
}

export const DEFAULT_LIMITS: Readonly<AgentLimits> = Object.freeze({
  // One default for the library and for the CLI/API request schema.
  maxSteps: DEFAULT_MAX_STEPS,
  tokenBudget: DEFAULT_TOKEN_BUDGET,
  maxOutputTokens: 16_384,
  timeoutMs: 600_000,
  toolTimeoutMs: 60_000,
});

export function resolveLimits(overrides: Partial<AgentLimits> = {}): AgentLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof AgentLimits)[]) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new AgentError(
        "invalid_options",
        `${key} must be a whole number of at least 1, got ${value}`,
      );
    }
    limits[key] = value;
  }
  return limits;
}

export function tokensUsed(steps: readonly { usage: LanguageModelUsage }[]): number {
  return steps.reduce((sum, step) => sum + totalOf(step.usage), 0);
}

function totalOf(usage: LanguageModelUsage): number {
  return usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}

/** Stops the loop once earlier tokens plus this call's steps reach the budget. */
export function isTokenBudgetSpent(budget: number, spentBefore: number): StopCondition<ToolSet> {
  return ({ steps }) => spentBefore + tokensUsed(steps) >= budget;
}
