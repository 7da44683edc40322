import type { RunCost } from "../../models/pricing.ts";
import type { ModelVerdict } from "./model-judge-verdict.ts";

/** The model check of a run's citations, as its checkpointed step persists it. */
export type ModelCheckRecord = {
  model: string;
  calls: number;
  skipped: number;
  failed: number;
  cost?: RunCost;
  usage: { inputTokens: number; outputTokens: number; totalTokens: number };
  /** Each judged citation by its sentence and passage, so a report cut to fit still finds its own. */
  verdicts: { sentence: string; passage: string; verdict: ModelVerdict; reason?: string }[];
};
