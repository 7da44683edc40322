import type { RunCost } from "../../models/pricing.ts";
import type { ToolCallLog } from "../../tools/tool-call-log.ts";
import type { EvidencePassage } from "../checks/kept-evidence.ts";
import type { ModelCheckRecord } from "../checks/model-check-record.ts";
import type { Source } from "../source-links.ts";
import type { DeepRecord } from "./deep/deep-record.ts";

/** What the research step persists: the agent's report and everything the log needs. */
export type ResearchOutcome = {
  report: string;
  model: string;
  startedAt: string;
  endedAt: string;
  steps: number;
  stoppedBy: string;
  /** Cut off at the output limit even after one continuation (absent in older step results). */
  truncated?: boolean;
  /**
   * The report was longer than the store can hold and only its first `keptBytes` were
   * committed (set by the commit step's cut, never by the research step).
   */
  cutForSize?: { reportBytes: number; keptBytes: number };
  /** What the run cost, or why it is unknown (absent in older step results). */
  cost?: RunCost;
  usage: {
    inputTokens: number;
    outputTokens: number;
    totalTokens: number;
    cacheReadTokens: number;
    cacheWriteTokens: number;
    /** Reasoning tokens as the server reported them, and reasoning characters measured. */
    reasoningTokens?: number;
    reasoningChars?: number;
  };
  limits: { maxSteps: number; tokenBudget: number; maxOutputTokens: number };
  toolCalls: ToolCallLog[];
  sources: Source[];
  /**
   * What the cited pages say where the report cites them (kept-evidence.ts): the figure check's
   * material, bounded (absent in older step results and in runs without citations).
   */
  evidence?: EvidencePassage[];
  /** `--check-claims model`: the check model's verdicts and what they cost (counted in `cost`). */
  modelCheck?: ModelCheckRecord;
  /** Deep mode: the plan and how each sub-question and the synthesis went. */
  deep?: DeepRecord;
};
