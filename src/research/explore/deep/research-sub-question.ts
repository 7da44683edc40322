import { subQuestionTask } from "../../../prompts/deep-prompts.ts";
import type { ExplorePayload, ExplorePlan } from "../explore-plan.ts";
import { type ResearchDeps, researchExploration } from "../research-exploration.ts";
import type { ResearchOutcome } from "../research-outcome.ts";
import type { SubQuestion } from "./plan.ts";

type Exploring = Extract<ExplorePlan, { action: "explore" }>;

/** A sub-question step's persisted result. */
export type SubQuestionResult = {
  /** 1-based, as the plan numbers it. */
  number: number;
  question: string;
  reason: string;
  /** skipped: the budget or the time limit was spent before it could start. */
  outcome: "covered" | "not_covered" | "skipped";
  attempts: number;
  /** Why it was not covered (the last attempt's error) or skipped. */
  error?: string;
  research?: ResearchOutcome;
};

/** How often a failing sub-question is tried: once more, then the run goes on without it. */
const ATTEMPTS = 2;

/**
 * One sub-question as an agent run with the exploration's tools and its share of the budgets.
 * A failure is retried once and then becomes a value (not covered); only a cancelled run throws.
 */
export async function researchSubQuestion(
  payload: ExplorePayload,
  plan: Exploring,
  subQuestion: SubQuestion & { number: number },
  share: { tokenBudget: number; maxCostUsd?: number; until?: number },
  deps: ResearchDeps & { onRetry?: (error: string) => void },
): Promise<SubQuestionResult> {
  const base = {
    number: subQuestion.number,
    question: subQuestion.question,
    reason: subQuestion.reason,
  };
  let error = "";
  let attempts = 0;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    // Each attempt gets what is left of the run's time, and none is started without any.
    const timeoutMs = share.until === undefined ? undefined : share.until - Date.now();
    if (timeoutMs !== undefined && timeoutMs <= 0) {
      error ||= "the run's time limit was reached";
      break;
    }
    attempts = attempt;
    try {
      const research = await researchExploration(payload, plan, deps, {
        task: subQuestionTask(subQuestion.question, subQuestion.reason),
        tokenBudget: share.tokenBudget,
        maxCostUsd: share.maxCostUsd,
        timeoutMs,
      });
      return { ...base, outcome: "covered", attempts: attempt, research };
    } catch (failure) {
      if (deps.signal?.aborted) throw failure;
      error = failure instanceof Error ? failure.message : String(failure);
      if (attempt < ATTEMPTS) deps.onRetry?.(error);
    }
  }
  return { ...base, outcome: "not_covered", attempts, error };
}
