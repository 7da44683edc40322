import type { RunCost } from "../../../models/pricing.ts";

/** Tokens as the log records them: what went in, what came out, and their total. */
export type Tokens = { input: number; output: number; total: number };

/** How a sub-question ended; skipped: the budget or the time limit was spent before it started. */
export type SubQuestionOutcome = "covered" | "not_covered" | "skipped";

/** What exploration-log.json records of a deep run: the plan and how each part went. */
export type DeepRecord = {
  parallel: number;
  plan: { question: string; reason: string }[];
  planning: { steps: number; tokens: Tokens; cost?: RunCost };
  subQuestions: {
    number: number;
    question: string;
    outcome: SubQuestionOutcome;
    attempts: number;
    error?: string;
    steps: number;
    stoppedBy?: string;
    /** Every attempt's: the failed ones' answered calls are paid for too. */
    tokens: Tokens;
    cost?: RunCost;
    sources: number;
    /** What the failed attempts spent, included in steps, tokens and cost above. */
    failedAttempts?: { steps: number; tokens: Tokens; cost?: RunCost };
  }[];
  synthesis: { steps: number; tokens: Tokens; cost?: RunCost };
};
