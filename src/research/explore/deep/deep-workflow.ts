import type { StepProgress } from "../../../agent/agent-types.ts";
import { DEFAULT_PARALLEL } from "../../../config/explore-request.ts";
import type { JobProgress, WorkflowStep } from "../../../jobs/workflow.ts";
import type { ToolCallLog } from "../../../tools/tool-call-log.ts";
import type { ExplorePayload, ExplorePlan } from "../explore-plan.ts";
import type { ResearchDeps } from "../research-exploration.ts";
import type { ResearchOutcome } from "../research-outcome.ts";
import {
  addCosts,
  researchBudgetSpent,
  type Spent,
  subQuestionShare,
  synthesisShare,
} from "./deep-budget.ts";
import { deepDeadline } from "./deep-deadline.ts";
import { deepOutcome } from "./deep-outcome.ts";
import { inParallel } from "./in-parallel.ts";
import { planSubQuestions, type ResearchPlan } from "./plan.ts";
import { researchSubQuestion, type SubQuestionResult } from "./research-sub-question.ts";
import { synthesize } from "./synthesize.ts";

type Exploring = Extract<ExplorePlan, { action: "explore" }>;

export interface DeepResearchContext {
  payload: ExplorePayload;
  plan: Exploring;
  step: WorkflowStep;
  reportProgress(progress: JobProgress): void;
  /** The same lines as the job's progress messages, for a terminal. */
  announce?: ((line: string) => void) | undefined;
  /** Each sub-question's tool calls and model calls, by its step's name (live progress). */
  observe?: {
    toolCall(stepName: string, call: ToolCallLog): void;
    step(stepName: string, progress: StepProgress): void;
  };
}

/**
 * Deep research as checkpointed steps: "plan", then "sub-question-N" steps, at most `parallel`
 * at once, then "synthesis". Each step's result is persisted as it finishes, so a restart pays
 * again only for the sub-questions that were running; everything the synthesis and the commit
 * need comes from step results.
 */
export async function deepResearch(
  deps: ResearchDeps,
  context: DeepResearchContext,
): Promise<ResearchOutcome> {
  const { payload, plan, step } = context;
  const { request } = payload;
  const parallel = request.parallel ?? DEFAULT_PARALLEL;
  const now = deps.now ?? (() => new Date());
  const say = (stepName: string, text: string) => {
    const message = printable(text);
    context.announce?.(message);
    context.reportProgress({ step: stepName, message });
  };
  const model = { model: deps.model, maxRetries: deps.maxRetries, signal: deps.signal };

  // The start is kept with the plan, so a run resumed after a restart reports its whole duration.
  const { startedAt, ...research }: ResearchPlan & { startedAt: string } = await step.do(
    "plan",
    async () => ({
      startedAt: now().toISOString(),
      ...(await planSubQuestions(payload, plan, model)),
    }),
  );
  const count = research.subQuestions.length;
  say(
    "plan",
    [
      `Plan: ${count} sub-questions, ${Math.min(parallel, count)} at a time`,
      ...research.subQuestions.map((q, i) => `  ${i + 1}. ${q.question} (${q.reason})`),
    ].join("\n"),
  );

  const deadline = deepDeadline(request, startedAt, now);
  const planSpent: Spent = { tokens: research.usage.totalTokens, cost: research.cost };
  const share = subQuestionShare(request, planSpent, count);
  const spent: Spent = { ...planSpent };
  const results = await inParallel(research.subQuestions, parallel, (subQuestion, i) => {
    const number = i + 1;
    const name = `sub-question-${number}`;
    const tag = `[${number}/${count}]`;
    return step
      .do(name, async (): Promise<SubQuestionResult> => {
        const timeLeft = deadline.research();
        const spentAll = researchBudgetSpent(request, spent);
        if (spentAll || timeLeft <= 0) {
          const error = spentAll
            ? "the run's budget was spent before it started"
            : "the run's time limit was reached before it started";
          say(name, `${tag} skipped: ${error}`);
          return { number, ...subQuestion, outcome: "skipped", attempts: 0, error };
        }
        say(name, `${tag} started: ${subQuestion.question}`);
        return researchSubQuestion(
          payload,
          plan,
          { number, ...subQuestion },
          { ...share, until: deadline.researchUntil },
          {
            ...deps,
            // Steps of parallel runs would interleave unreadably on a terminal (a line per search
            // is enough there); live progress sums them by sub-question instead.
            onStep: context.observe && ((progress) => context.observe?.step(name, progress)),
            onToolCall: (call) => {
              context.observe?.toolCall(name, call);
              if (call.name === "web_search") {
                say(name, `${tag} searched "${(call.query ?? "").slice(0, 80)}"`);
              }
            },
            onRetry: (error) => say(name, `${tag} failed (${error}); trying once more`),
          },
        );
      })
      .then((result) => {
        // A failed attempt's answered calls were paid for: they count like the covered run's.
        spent.tokens +=
          (result.research?.usage.totalTokens ?? 0) +
          (result.failedAttempts?.usage.totalTokens ?? 0);
        spent.cost = addCosts([spent.cost, result.research?.cost, result.failedAttempts?.cost]);
        say(name, `${tag} ${finishedLine(result)}`);
        return result;
      });
  });

  const covered = results.filter((r) => r.outcome === "covered").length;
  say("synthesis", `Writing the report from ${covered} of ${count} findings...`);
  const synthesis = await step.do("synthesis", () =>
    synthesize(payload, plan, results, {
      ...model,
      timeoutMs: deadline.synthesis(),
      share: synthesisShare(request, spent),
    }),
  );
  return deepOutcome(
    request,
    deps.model.modelId,
    { startedAt, endedAt: now().toISOString() },
    research,
    results,
    synthesis,
  );
}

/**
 * Questions and queries are the model's words: a local model may send escape sequences or
 * bidirectional overrides (which hide text), and
 * neither a terminal nor the job's progress should carry them.
 */
function printable(text: string): string {
  return text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, " ");
}

const number = new Intl.NumberFormat("en");

function finishedLine(result: SubQuestionResult): string {
  const run = result.research;
  if (!run) return `not covered: ${result.error ?? result.outcome}`;
  const stopped = run.stoppedBy === "end" ? "" : `, stopped by ${run.stoppedBy}`;
  return `done: ${run.steps} steps, ${number.format(run.usage.totalTokens)} tokens, ${run.sources.length} sources${stopped}`;
}
