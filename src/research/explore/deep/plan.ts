import { generateText, Output } from "ai";
import { z } from "zod";
import { costOf, type RunCost } from "../../../models/pricing.ts";
import type { ResolvedModel } from "../../../models/resolve-model.ts";
import {
  buildPlanPrompt,
  MAX_SUB_QUESTIONS,
  MIN_SUB_QUESTIONS,
} from "../../../prompts/deep-prompts.ts";
import type { ExplorePayload, ExplorePlan } from "../explore-plan.ts";
import type { ResearchOutcome } from "../research-outcome.ts";

type Exploring = Extract<ExplorePlan, { action: "explore" }>;

/** The one schema of a plan: sent to the model (structured output) and used to check its answer. */
export const researchPlanSchema = z.object({
  subQuestions: z
    .array(
      z.object({
        question: z.string().min(1).describe("A self-contained question a researcher can answer"),
        reason: z.string().describe("One sentence: what the final report needs from it"),
      }),
    )
    .min(1)
    .describe(`${MIN_SUB_QUESTIONS} to ${MAX_SUB_QUESTIONS} independent sub-questions`),
});

export type SubQuestion = z.output<typeof researchPlanSchema>["subQuestions"][number];

/** The plan step's persisted result. */
export type ResearchPlan = {
  subQuestions: SubQuestion[];
  steps: number;
  usage: ResearchOutcome["usage"];
  cost?: RunCost;
};

export interface PlanDeps {
  model: ResolvedModel;
  maxRetries?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * One model call with structured output: Anthropic answers through its JSON schema or JSON
 * tool path, openai-compatible servers through JSON mode (the prompt spells out the shape).
 * A model that writes more sub-questions than the run can afford is cut to the first ones.
 */
export async function planSubQuestions(
  payload: ExplorePayload,
  plan: Exploring,
  deps: PlanDeps,
): Promise<ResearchPlan> {
  const { request } = payload;
  const prompt = buildPlanPrompt({
    mode: request.mode,
    idea: request.idea,
    context: request.context,
    priorResearch: plan.priorResearch,
    date: plan.date,
  });
  const result = await generateText({
    model: deps.model.model,
    instructions: prompt.system,
    prompt: prompt.user,
    output: Output.object({ schema: researchPlanSchema, name: "research_plan" }),
    ...(deps.maxRetries === undefined ? {} : { maxRetries: deps.maxRetries }),
    ...(deps.signal ? { abortSignal: deps.signal } : {}),
  });
  const usage: ResearchOutcome["usage"] = {
    inputTokens: result.usage.inputTokens ?? 0,
    outputTokens: result.usage.outputTokens ?? 0,
    totalTokens:
      result.usage.totalTokens ??
      (result.usage.inputTokens ?? 0) + (result.usage.outputTokens ?? 0),
    cacheReadTokens: result.usage.inputTokenDetails?.cacheReadTokens ?? 0,
    cacheWriteTokens: result.usage.inputTokenDetails?.cacheWriteTokens ?? 0,
  };
  return {
    subQuestions: result.output.subQuestions
      .slice(0, MAX_SUB_QUESTIONS)
      .map((q) => ({ question: q.question.trim(), reason: q.reason.trim() })),
    steps: result.steps.length,
    usage,
    cost: costOf(deps.model.price, deps.model.modelId, usage, 0),
  };
}
