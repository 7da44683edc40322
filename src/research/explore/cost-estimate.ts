import { DEFAULT_LIMITS } from "../../agent/agent-limits.ts";
import type { ExploreRequest } from "../../config/explore-request.ts";
import { DEFAULT_WEB_SEARCH_MAX_USES } from "../../models/anthropic-web-search.ts";
import { formatUsd, type ModelPrice, ratesFor, type TokenRates } from "../../models/pricing.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";
import { MAX_SUB_QUESTIONS, MIN_SUB_QUESTIONS } from "../../prompts/deep-prompts.ts";
import { PLAN_ATTEMPTS } from "./deep/plan.ts";

/** What a run may cost, told before it is paid for (`--dry-run`, `POST /api/explore/estimate`). */
export type CostEstimate =
  | { priced: true; maxUsd: number; typicalUsd: { low: number; high: number }; capUsd?: number }
  | { priced: false; reason: string };

/** The limits an estimate reads: a request's, and what the model brings. */
export interface EstimateLimits {
  depth: "quick" | "deep";
  maxSteps: number;
  /** The whole run's input plus output tokens (deep: plan, sub-questions and synthesis). */
  tokenBudget: number;
  /** Per model call. */
  maxOutputTokens: number;
  /** Server-side searches one tool step may make (Anthropic's max_uses); 0 without them. */
  searchesPerStep: number;
  maxCostUsd?: number | undefined;
}

/** The closing calls an agent run may make past a limit: the report, and one continuation of it. */
const CLOSING_CALLS = 2;
/** In deep mode the sub-questions share this much of the budget, the synthesis the rest. */
const RESEARCH_SHARE = 0.8;
/**
 * A typical run stops on its own before its budget: from what the runs logged here, it spends
 * about a fifth to three fifths of it, mostly on input (each step re-reads the conversation),
 * and searches about once or twice per tool step.
 */
const TYPICAL = {
  budgetShare: { low: 0.2, high: 0.6 },
  outputShare: 0.15,
  searchesPerStep: { low: 1, high: 2 },
} as const;

/** The estimate for an explore request on a resolved model. */
export function estimateExploreCost(request: ExploreRequest, model: ResolvedModel): CostEstimate {
  return estimateCost(model.price, model.modelId, {
    depth: request.depth ?? "quick",
    maxSteps: request.maxSteps,
    tokenBudget: request.tokenBudget,
    maxOutputTokens: DEFAULT_LIMITS.maxOutputTokens,
    searchesPerStep: model.supportsServerWebSearch ? DEFAULT_WEB_SEARCH_MAX_USES : 0,
    maxCostUsd: request.maxCostUsd,
  });
}

/**
 * The most a run can cost under its limits, and a typical range, from the price alone (nothing
 * is sent). Client-side search backends bill nothing here; the model check of citations
 * (--check-claims model) is priced on its own model and not included.
 *
 * maxUsd: the limits are checked between model calls, so the bound is what they let through.
 * - The token budget at its dearest mix: as much output as the tool steps may write
 *   (maxOutputTokens each), the rest as input at the dearer of the input and cache-write rates;
 *   at long-context rates when a call's input could pass the threshold (a budget above it).
 * - The calls that follow a reached limit: each agent run's report and one continuation of it
 *   (maxOutputTokens each), re-reading a conversation that the run's budget bounds. Deep mode
 *   has up to MAX_SUB_QUESTIONS such runs sharing 80% of the budget, and the synthesis.
 * - Every search the tool steps may make, at the model's search price.
 * With --max-cost, the smaller of that and the cap (capUsd): the run stops within it.
 * Deep mode's --parallel changes how long a run takes, not what it may cost.
 */
export function estimateCost(
  price: ModelPrice | undefined,
  modelId: string,
  limits: EstimateLimits,
): CostEstimate {
  if (!price) return { priced: false, reason: `no price for ${modelId}` };
  const budget = limits.tokenBudget;
  const worst = ratesFor(price, budget);
  const dearInput = Math.max(worst.inputPerMTok, worst.cacheWritePerMTok);
  const shape = runShape(limits);

  const output = Math.min(budget, shape.outputCalls * limits.maxOutputTokens);
  const budgetUsd = usd(budget - output, dearInput) + usd(output, worst.outputPerMTok);
  const closingUsd =
    usd(shape.closingCalls * limits.maxOutputTokens, worst.outputPerMTok) +
    usd(shape.closingInputBudgets * budget, dearInput);
  const searchUsd = searchesUsd(price, shape.toolSteps * limits.searchesPerStep);
  const bound = budgetUsd + closingUsd + searchUsd;

  const typical = (share: number, searchesPerStep: number, subQuestions: number) =>
    typicalUsd(price, budget * share) +
    searchesUsd(
      price,
      limits.maxSteps * subQuestions * Math.min(searchesPerStep, limits.searchesPerStep),
    );
  const deep = limits.depth === "deep";
  const low = typical(
    TYPICAL.budgetShare.low,
    TYPICAL.searchesPerStep.low,
    deep ? MIN_SUB_QUESTIONS : 1,
  );
  const high = typical(
    TYPICAL.budgetShare.high,
    TYPICAL.searchesPerStep.high,
    deep ? MAX_SUB_QUESTIONS : 1,
  );

  const cap = limits.maxCostUsd;
  const maxUsd = cap === undefined ? cents(bound) : Math.min(cents(bound), cap);
  return {
    priced: true,
    maxUsd,
    typicalUsd: { low: Math.min(cents(low), maxUsd), high: Math.min(cents(high), maxUsd) },
    ...(cap === undefined ? {} : { capUsd: cap }),
  };
}

/** How many calls of each kind a run may make under its limits. */
function runShape(limits: EstimateLimits): {
  /** Calls within the budget, each writing at most maxOutputTokens. */
  outputCalls: number;
  /** Calls that may search. */
  toolSteps: number;
  closingCalls: number;
  /** The closing calls' input, in whole budgets: each re-reads at most its run's share. */
  closingInputBudgets: number;
} {
  if (limits.depth === "quick") {
    return {
      outputCalls: limits.maxSteps,
      toolSteps: limits.maxSteps,
      closingCalls: CLOSING_CALLS,
      closingInputBudgets: CLOSING_CALLS,
    };
  }
  // The plan (with its one repair) and the synthesis are calls without tools; every sub-question
  // is an agent run on its share of 80% of the budget; the synthesis, counted with the closing
  // calls, reads at most the whole budget's worth of findings.
  return {
    outputCalls: PLAN_ATTEMPTS + MAX_SUB_QUESTIONS * limits.maxSteps,
    toolSteps: MAX_SUB_QUESTIONS * limits.maxSteps,
    closingCalls: MAX_SUB_QUESTIONS * CLOSING_CALLS + 1,
    closingInputBudgets: CLOSING_CALLS * RESEARCH_SHARE + 1,
  };
}

/** Tokens at the typical mix and the base rates (typical calls stay below long-context sizes). */
function typicalUsd(price: TokenRates, tokens: number): number {
  const output = tokens * TYPICAL.outputShare;
  return usd(tokens - output, price.inputPerMTok) + usd(output, price.outputPerMTok);
}

function searchesUsd(price: ModelPrice, searches: number): number {
  return (searches * price.webSearchPer1k) / 1000;
}

function usd(tokens: number, perMTok: number): number {
  return (tokens * perMTok) / 1_000_000;
}

/** Rounded up to the cent: an estimate shown in dollars, never below what it bounds. */
function cents(value: number): number {
  return Math.ceil(value * 100 - 1e-9) / 100;
}

/** "at most $1.95 under these limits; typically $0.12–$0.30", or "unknown (no price for …)". */
export function describeEstimate(estimate: CostEstimate): string {
  if (!estimate.priced) return `unknown (${estimate.reason})`;
  const limit = estimate.capUsd === estimate.maxUsd ? "your --max-cost" : "these limits";
  const { low, high } = estimate.typicalUsd;
  return `at most ${formatUsd(estimate.maxUsd)} under ${limit}; typically ${formatUsd(low)}–${formatUsd(high)}`;
}
