import {
  generateText,
  type LanguageModelUsage,
  type ModelMessage,
  NoObjectGeneratedError,
  Output,
} from "ai";
import { z } from "zod";
import { AgentError, apiLabel, toAgentError } from "../../../agent/agent-error.ts";
import { reasoningUsage } from "../../../agent/reasoning-usage.ts";
import { callUsage } from "../../../models/call-usage.ts";
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
    .min(MIN_SUB_QUESTIONS)
    .max(MAX_SUB_QUESTIONS)
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

/** A plan off its schema is sent back once with what was wrong; a second miss fails the run. */
export const PLAN_ATTEMPTS = 2;

/**
 * One model call with structured output: Anthropic answers through its JSON schema (or JSON
 * tool) path, openai-compatible servers through `response_format: json_schema`; both carry the
 * schema, with its 3–6 bound on the sub-questions.
 *
 * A model may still answer off the schema (a local model without constrained decoding, or
 * Anthropic, whose decoder drops the count bound and only reads it as a description). Such a
 * plan is neither cut nor padded: fewer sub-questions than the mode's structure needs would
 * leave sections of the report unresearched, more would shrink every sub-question's share of
 * the budgets below what the README promises. The model gets one repair turn saying what was
 * wrong (cheap: nothing has been researched yet), and a second miss fails the run with one
 * line before anything else is paid for. The repair's tokens count as the plan's.
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
  const usages: (LanguageModelUsage | undefined)[] = [];
  let messages: ModelMessage[] = [{ role: "user", content: prompt.user }];
  let problem = "";
  for (let attempt = 1; attempt <= PLAN_ATTEMPTS; attempt++) {
    try {
      const result = await generateText({
        model: deps.model.model,
        instructions: prompt.system,
        messages,
        output: Output.object({ schema: researchPlanSchema, name: "research_plan" }),
        ...(deps.maxRetries === undefined ? {} : { maxRetries: deps.maxRetries }),
        ...(deps.signal ? { abortSignal: deps.signal } : {}),
      });
      usages.push(result.usage);
      const usage = sumUsage(usages);
      return {
        subQuestions: result.output.subQuestions.map((q) => ({
          question: q.question.trim(),
          reason: q.reason.trim(),
        })),
        steps: attempt,
        usage,
        cost: costOf(
          deps.model.price,
          deps.model.modelId,
          usages.map((u) => callUsage(u, 0)),
        ),
      };
    } catch (error) {
      if (!NoObjectGeneratedError.isInstance(error)) {
        throw toAgentError(error, apiLabel(deps.model.model));
      }
      usages.push(error.usage);
      problem = whatIsWrong(error.text);
      messages = [
        ...messages,
        { role: "assistant", content: error.text ?? "" },
        {
          role: "user",
          content: `That plan cannot be used: ${problem}. Answer again with the JSON plan only, with ${MIN_SUB_QUESTIONS} to ${MAX_SUB_QUESTIONS} sub-questions, each with a question and a reason.`,
        },
      ];
    }
  }
  throw new AgentError(
    "model_error",
    `The model's research plan was unusable twice (${problem}); a deep run needs ${MIN_SUB_QUESTIONS} to ${MAX_SUB_QUESTIONS} sub-questions: try again, or another model`,
  );
}

/** What was wrong with a plan, in words the model (and then the user) can act on. */
function whatIsWrong(text: string | undefined): string {
  let value: unknown;
  try {
    value = JSON.parse(text ?? "");
  } catch {
    return "it was not JSON";
  }
  const subQuestions = (value as { subQuestions?: unknown } | null)?.subQuestions;
  if (!Array.isArray(subQuestions)) return "it had no subQuestions list";
  const count = subQuestions.length;
  if (count < MIN_SUB_QUESTIONS || count > MAX_SUB_QUESTIONS) {
    return `it had ${count} sub-question${count === 1 ? "" : "s"}`;
  }
  return "a sub-question lacked its question or reason";
}

function sumUsage(usages: readonly (LanguageModelUsage | undefined)[]): ResearchOutcome["usage"] {
  const sum = (pick: (u: LanguageModelUsage) => number | undefined) =>
    usages.reduce((total, u) => total + (u ? (pick(u) ?? 0) : 0), 0);
  return {
    inputTokens: sum((u) => u.inputTokens),
    outputTokens: sum((u) => u.outputTokens),
    totalTokens: sum((u) => u.totalTokens ?? (u.inputTokens ?? 0) + (u.outputTokens ?? 0)),
    cacheReadTokens: sum((u) => u.inputTokenDetails?.cacheReadTokens),
    cacheWriteTokens: sum((u) => u.inputTokenDetails?.cacheWriteTokens),
    ...reasoningUsage(usages.map((usage) => ({ usage }))),
  };
}
