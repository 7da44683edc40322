import { DEFAULT_LIMITS } from "../../../agent/agent-limits.ts";
import type { ExploreRequest } from "../../../config/explore-request.ts";
import type { ModelPrice, RunCost } from "../../../models/pricing.ts";

/** Of what the plan leaves, the sub-questions share this part; the rest is the synthesis's. */
const RESEARCH_SHARE = 0.8;
/** A sub-question run needs room for at least a search and its answer. */
export const MIN_SUB_QUESTION_TOKENS = 1_000;

/** What has been spent so far across the whole deep run. */
export type Spent = { tokens: number; cost?: RunCost | undefined };

/** One sub-question's part of the whole run's token and cost budgets. */
export function subQuestionShare(
  request: ExploreRequest,
  plan: Spent,
  count: number,
): { tokenBudget: number; maxCostUsd?: number } {
  const tokens = ((request.tokenBudget - plan.tokens) * RESEARCH_SHARE) / count;
  const usd =
    request.maxCostUsd === undefined
      ? undefined
      : ((request.maxCostUsd - usdOf(plan.cost)) * RESEARCH_SHARE) / count;
  return {
    tokenBudget: Math.max(MIN_SUB_QUESTION_TOKENS, Math.floor(tokens)),
    // A share at or below zero still makes one model call: the run's cost check stops it there.
    ...(usd === undefined ? {} : { maxCostUsd: Math.max(usd, 0.000001) }),
  };
}

/**
 * True once the research part of a budget is used up: a sub-question not started by then is
 * skipped, so the synthesis still has what it needs.
 */
export function researchBudgetSpent(request: ExploreRequest, spent: Spent): boolean {
  if (spent.tokens >= request.tokenBudget * RESEARCH_SHARE) return true;
  return (
    request.maxCostUsd !== undefined && usdOf(spent.cost) >= request.maxCostUsd * RESEARCH_SHARE
  );
}

/** What the plan and the research left of the run's budgets: the synthesis's share. */
export type SynthesisShare = { tokens: number; usd?: number };

export function synthesisShare(request: ExploreRequest, spent: Spent): SynthesisShare {
  return {
    tokens: request.tokenBudget - spent.tokens,
    ...(request.maxCostUsd === undefined ? {} : { usd: request.maxCostUsd - usdOf(spent.cost) }),
  };
}

/** The report's floor: it is always written, even when the research overshot the budget. */
const MIN_SYNTHESIS_OUTPUT_TOKENS = 1_024;
/** Prose runs about 4 characters a token, URLs fewer: 3 overestimates the input, never under. */
const CHARS_PER_TOKEN = 3;

/**
 * The synthesis's output cap, so the call stays within its share. It is one call without tools:
 * the runner's token and cost limits act between steps and would bound nothing here, and its
 * input (the findings) is fixed by the time it runs, so the output is the one part a limit can
 * still hold. The input is estimated from the prompt's length (cache writes priced, as the
 * system prompt is cached), and the output gets what is left, within the runner's default
 * cap and never below the floor: a report is written even when little is left.
 */
export function synthesisOutputLimit(
  share: SynthesisShare,
  promptChars: number,
  price: ModelPrice | undefined,
): number {
  const input = Math.ceil(promptChars / CHARS_PER_TOKEN);
  let room = share.tokens - input;
  if (share.usd !== undefined && price) {
    const inputUsd = (input * Math.max(price.inputPerMTok, price.cacheWritePerMTok)) / 1_000_000;
    room = Math.min(room, ((share.usd - inputUsd) * 1_000_000) / price.outputPerMTok);
  }
  return Math.min(
    DEFAULT_LIMITS.maxOutputTokens,
    Math.max(MIN_SYNTHESIS_OUTPUT_TOKENS, Math.floor(room)),
  );
}

function usdOf(cost: RunCost | undefined): number {
  return cost?.priced ? cost.usd : 0;
}

/** The sum of costs; unknown as soon as one part is. */
export function addCosts(costs: readonly (RunCost | undefined)[]): RunCost | undefined {
  const known = costs.filter((c): c is RunCost => c !== undefined);
  if (known.length === 0) return undefined;
  const unpriced = known.find((c) => !c.priced);
  if (unpriced) return unpriced;
  const sum = (pick: (c: Extract<RunCost, { priced: true }>) => number) =>
    Math.round(known.reduce((total, c) => total + (c.priced ? pick(c) : 0), 0) * 1_000_000) /
    1_000_000;
  return {
    priced: true,
    usd: sum((c) => c.usd),
    inputUsd: sum((c) => c.inputUsd),
    outputUsd: sum((c) => c.outputUsd),
    cacheUsd: sum((c) => c.cacheUsd),
    searchUsd: sum((c) => c.searchUsd),
    ...sourceOf(known),
  };
}

/** The parts' price source: every call of a run is priced from the same one. */
function sourceOf(costs: readonly RunCost[]): { source?: string } {
  for (const cost of costs) if (cost.priced && cost.source) return { source: cost.source };
  return {};
}
