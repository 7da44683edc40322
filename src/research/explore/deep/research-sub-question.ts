import { subQuestionTask } from "../../../prompts/deep-prompts.ts";
import type { ExplorePayload, ExplorePlan } from "../explore-plan.ts";
import { type ResearchDeps, researchExploration } from "../research-exploration.ts";
import type { ResearchOutcome } from "../research-outcome.ts";
import { addCosts, MIN_SUB_QUESTION_TOKENS } from "./deep-budget.ts";
import type { SubQuestionOutcome } from "./deep-record.ts";
import { type Metered, meteredModel } from "./metered-model.ts";
import type { SubQuestion } from "./plan.ts";

type Exploring = Extract<ExplorePlan, { action: "explore" }>;

/** A sub-question step's persisted result. */
export type SubQuestionResult = {
  /** 1-based, as the plan numbers it. */
  number: number;
  question: string;
  reason: string;
  outcome: SubQuestionOutcome;
  attempts: number;
  /** Why it was not covered (the last attempt's error) or skipped. */
  error?: string;
  research?: ResearchOutcome;
  /**
   * What the failed attempts spent (the model calls answered before each failed): paid for like
   * any call, so it counts against the run's budgets and in the log's totals.
   */
  failedAttempts?: Metered;
};

/** How often a failing sub-question is tried: once more, then the run goes on without it. */
const ATTEMPTS = 2;

/**
 * One sub-question as an agent run with the exploration's tools and its share of the budgets.
 * A failure is retried once and then becomes a value (not covered); only a cancelled run throws.
 * A failed attempt's spending is kept and taken from the share the retry gets, so the two
 * attempts together stay within the one share.
 */
export async function researchSubQuestion(
  payload: ExplorePayload,
  plan: Exploring,
  subQuestion: SubQuestion & { number: number },
  share: { tokenBudget: number; maxCostUsd?: number | undefined; until?: number },
  deps: ResearchDeps & { onRetry?: (error: string) => void },
): Promise<SubQuestionResult> {
  const base = {
    number: subQuestion.number,
    question: subQuestion.question,
    reason: subQuestion.reason,
  };
  let error = "";
  let attempts = 0;
  let failed: Metered | undefined;
  const withFailed = () => (failed ? { failedAttempts: failed } : {});
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    // Each attempt gets what is left of the run's time, and none is started without any.
    const timeoutMs = share.until === undefined ? undefined : share.until - Date.now();
    if (timeoutMs !== undefined && timeoutMs <= 0) {
      error ||= "the run's time limit was reached";
      break;
    }
    const budget = shareLeft(share, failed);
    if (!budget) {
      error += "; not tried again: the failed attempt spent its share of the budget";
      break;
    }
    if (attempt > 1) deps.onRetry?.(error);
    attempts = attempt;
    const meter = meteredModel(deps.model);
    try {
      const research = await researchExploration(
        payload,
        plan,
        { ...deps, model: meter.model },
        {
          task: subQuestionTask(subQuestion.question, subQuestion.reason),
          ...budget,
          timeoutMs,
        },
      );
      return { ...base, outcome: "covered", attempts: attempt, research, ...withFailed() };
    } catch (failure) {
      failed = addMetered(failed, meter.spent());
      if (deps.signal?.aborted) throw failure;
      error = failure instanceof Error ? failure.message : String(failure);
    }
  }
  return { ...base, outcome: "not_covered", attempts, error, ...withFailed() };
}

/** The share minus what failed attempts spent; undefined when too little is left to try. */
function shareLeft(
  share: { tokenBudget: number; maxCostUsd?: number | undefined },
  failed: Metered | undefined,
): { tokenBudget: number; maxCostUsd?: number } | undefined {
  const tokenBudget = share.tokenBudget - (failed?.usage.totalTokens ?? 0);
  if (tokenBudget < (failed ? MIN_SUB_QUESTION_TOKENS : 1)) return undefined;
  if (share.maxCostUsd === undefined) return { tokenBudget };
  const maxCostUsd = share.maxCostUsd - (failed?.cost?.priced ? failed.cost.usd : 0);
  return maxCostUsd > 0 ? { tokenBudget, maxCostUsd } : undefined;
}

function addMetered(a: Metered | undefined, b: Metered): Metered {
  if (!a) return b;
  const cost = addCosts([a.cost, b.cost]);
  return {
    steps: a.steps + b.steps,
    usage: {
      inputTokens: a.usage.inputTokens + b.usage.inputTokens,
      outputTokens: a.usage.outputTokens + b.usage.outputTokens,
      totalTokens: a.usage.totalTokens + b.usage.totalTokens,
      cacheReadTokens: a.usage.cacheReadTokens + b.usage.cacheReadTokens,
      cacheWriteTokens: a.usage.cacheWriteTokens + b.usage.cacheWriteTokens,
    },
    ...(cost ? { cost } : {}),
  };
}
