import { DEFAULT_LIMITS } from "../../../agent/agent-limits.ts";
import { runAgent } from "../../../agent/run-agent.ts";
import type { RunCost } from "../../../models/pricing.ts";
import type { ResolvedModel } from "../../../models/resolve-model.ts";
import { buildSynthesisPrompt, type SynthesisFinding } from "../../../prompts/deep-prompts.ts";
import { citeRetrieved } from "../../citations/cite-retrieved.ts";
import { stripModelSources } from "../../research-document.ts";
import type { ExplorePayload, ExplorePlan } from "../explore-plan.ts";
import type { ResearchOutcome } from "../research-outcome.ts";
import { type SynthesisShare, synthesisOutputLimit } from "./deep-budget.ts";
import type { SubQuestionResult } from "./research-sub-question.ts";

type Exploring = Extract<ExplorePlan, { action: "explore" }>;

/** Markdown words per token, low: a report told this many words fits its token cap. */
const WORDS_PER_TOKEN = 0.6;
const LENGTH_LINE_CHARS = 200;

/** The synthesis step's persisted result. */
export type Synthesis = {
  report: string;
  steps: number;
  stoppedBy: string;
  truncated: boolean;
  usage: ResearchOutcome["usage"];
  cost?: RunCost;
  maxOutputTokens: number;
};

/**
 * The report in the mode's structure from every finding, in one call without tools. Each
 * finding goes in citing only the pages its own run retrieved, as placeholders, so the report
 * carries the same placeholders and gets one numbering over all sources when it is filed.
 */
export async function synthesize(
  payload: ExplorePayload,
  plan: Exploring,
  results: readonly SubQuestionResult[],
  deps: {
    model: ResolvedModel;
    maxRetries?: number | undefined;
    signal?: AbortSignal | undefined;
    /** What is left of the whole run's time limit. */
    timeoutMs?: number | undefined;
    /** What the plan and the research left of the budgets; without it, the runner's defaults. */
    share?: SynthesisShare | undefined;
  },
): Promise<Synthesis> {
  const { request } = payload;
  const input = {
    mode: request.mode,
    idea: request.idea,
    context: request.context,
    date: plan.date,
    findings: results.map(synthesisFinding),
    language: plan.language,
  };
  const unbounded = buildSynthesisPrompt(input);
  const maxOutputTokens = deps.share
    ? synthesisOutputLimit(
        deps.share,
        // The length line added below is short; room for it is counted.
        unbounded.system.length + unbounded.user.length + LENGTH_LINE_CHARS,
        deps.model.price,
      )
    : undefined;
  // A cap below the usual one is told to the model, so it writes a report that fits instead of
  // one that is cut off (a cut report is continued in a second call, which costs its input again).
  const capped = maxOutputTokens !== undefined && maxOutputTokens < DEFAULT_LIMITS.maxOutputTokens;
  const prompt = capped
    ? buildSynthesisPrompt({ ...input, maxWords: Math.floor(maxOutputTokens * WORDS_PER_TOKEN) })
    : unbounded;
  const run = await runAgent({
    model: deps.model.model,
    instructions: prompt.system,
    prompt: prompt.user,
    collectToolStats: true,
    limits: {
      maxSteps: 1,
      ...(maxOutputTokens ? { maxOutputTokens } : {}),
      ...(deps.timeoutMs ? { timeoutMs: Math.ceil(deps.timeoutMs) } : {}),
    },
    ...(deps.maxRetries === undefined ? {} : { maxRetries: deps.maxRetries }),
    ...(deps.signal ? { abortSignal: deps.signal } : {}),
    pricing: { modelId: deps.model.modelId, price: deps.model.price },
  });
  return {
    report: run.content,
    steps: run.steps,
    stoppedBy: run.stoppedBy,
    truncated: run.truncated,
    usage: run.usage,
    ...(run.cost ? { cost: run.cost } : {}),
    maxOutputTokens: run.limits.maxOutputTokens,
  };
}

function synthesisFinding(result: SubQuestionResult): SynthesisFinding {
  if (!result.research) {
    return { question: result.question, notCovered: result.error ?? result.outcome };
  }
  const { report, sources } = result.research;
  return {
    question: result.question,
    text: citeRetrieved(stripModelSources(report), sources).text,
  };
}
