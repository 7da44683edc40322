import type { Workflow } from "../../jobs/workflow.ts";
import { countChecks } from "../checks/claim-checks.ts";
import { fingerprintIdea } from "../idea-identity.ts";
import { citedReport } from "./cited-report.ts";
import { commitExploration } from "./commit-exploration.ts";
import { deepResearch } from "./deep/deep-workflow.ts";
import type { ExplorePayload, ExplorePlan } from "./explore-plan.ts";
import type { ExploreResult } from "./explore-result.ts";
import { cutReport } from "./fit-report.ts";
import { createLiveProgress, type LiveProgress } from "./live-progress.ts";
import { checkClaimsWithModel, withModelCheck } from "./model-check.ts";
import { prepareExploration } from "./prepare-exploration.ts";
import { type ResearchDeps, researchExploration } from "./research-exploration.ts";
import type { ResearchOutcome } from "./research-outcome.ts";
import { runWarnings } from "./run-warnings.ts";
import { traceExploration } from "./traced-exploration.ts";

export type { ExploreResult };

export type ExploreWorkflowDeps = Omit<ResearchDeps, "signal"> & {
  /** While another run explores the same idea: wait for it (default), or fail at once. */
  waitForIdea?: boolean;
  /** Told once when this run starts waiting for another run of the idea. */
  onWaitForIdea?: (holder: string) => void;
  /** Deep mode's progress lines (the plan, each sub-question), as the job's messages carry them. */
  onDeepProgress?: (line: string) => void;
};

/**
 * Explore as named, checkpointed steps (prepare → research → commit). Each step's result is
 * persisted before the next starts, so a restart never pays for research twice; everything a
 * later step needs comes from earlier step results, never from shared variables.
 */
export function exploreWorkflow(
  deps: ExploreWorkflowDeps,
): Workflow<ExplorePayload, ExploreResult> {
  return (untraced) =>
    traceExploration(untraced, async (context) => {
      const { payload, reportProgress, signal } = context;
      // One run per idea at a time: a second one waits, then finds the first one's commit.
      const lock = await deps.store.lockIdea(fingerprintIdea(payload.request.idea), {
        wait: deps.waitForIdea ?? true,
        signal,
        onWait: (holder) => {
          deps.onWaitForIdea?.(holder);
          reportProgress({ message: `waiting for ${holder}, which is exploring this idea` });
        },
      });
      try {
        const result = await exploreSteps(deps, context);
        const notes = [...(lock.tookOver ? [lock.tookOver] : []), ...(result.notes ?? [])];
        return { ...result, ...(notes.length ? { notes } : {}) };
      } finally {
        await lock.release();
      }
    });
}

async function exploreSteps(
  deps: ExploreWorkflowDeps,
  { payload, step, reportProgress, signal }: Parameters<Workflow<ExplorePayload, ExploreResult>>[0],
): Promise<ExploreResult> {
  reportProgress({ step: "prepare" });
  const plan = await step.do("prepare", () => prepareExploration(payload, deps.store));
  if (plan.action === "duplicate") {
    const restored = await deps.store.restoreCommitted?.(plan.folder);
    return {
      status: "duplicate",
      path: plan.researchPath,
      folder: plan.folder,
      locations: [plan.researchPath],
      ...(restored ? { notes: [restored] } : {}),
    };
  }

  const live = createLiveProgress(deps.now);
  const researched =
    payload.request.depth === "deep"
      ? await deepResearch(
          { ...deps, signal },
          {
            payload,
            plan,
            step,
            // The deep workflow's lines also become the plan and the latest lines, kept in view.
            reportProgress: (p) =>
              reportProgress(
                p.message === undefined ? p : { ...p, ...live.message(p.step, p.message) },
              ),
            announce: deps.onDeepProgress,
            observe: {
              toolCall: (name, call) => reportProgress({ step: name, ...live.toolCall(call) }),
              step: (name, progress) =>
                reportProgress({ step: name, ...live.step(progress, name) }),
            },
          },
        )
      : await quickResearch(deps, { payload, step, reportProgress, signal }, plan, live);

  const outcome = withModelCheck(
    researched,
    await modelCheckStep(deps, payload, researched, step, reportProgress, signal),
  );

  reportProgress({ step: "commit" });
  const committed = await step.do("commit", () =>
    commitExploration(payload, plan, outcome, deps.store),
  );
  if (committed.status === "duplicate") {
    // Another run of the idea committed while this one researched: its folder is the answer.
    return {
      status: "duplicate",
      path: committed.researchPath,
      folder: committed.folder,
      locations: [committed.researchPath],
    };
  }
  const locations = committed.commit?.locations ?? [committed.researchPath, committed.logPath];
  const url = locations.find((l) => l.endsWith("/research.md") && l.startsWith("http"));
  const commitSha = committed.commit?.commitSha;
  const notes = committed.commit?.notes;
  // What was committed: the report as it was cut to fit the store, if it had to be.
  const filed = committed.cutForSize ? cutReport(outcome, committed.cutForSize.keptBytes) : outcome;
  const warnings = runWarnings(filed);
  const { citations, checks } = citedReport(filed);
  return {
    status: committed.status,
    path: committed.researchPath,
    folder: committed.folder,
    locations,
    ...(url ? { url } : {}),
    ...(commitSha ? { commitSha } : {}),
    ...(notes?.length ? { notes } : {}),
    ...(warnings.length ? { warnings } : {}),
    stats: {
      steps: outcome.steps,
      stoppedBy: outcome.stoppedBy,
      ...(outcome.cost ? { cost: outcome.cost } : {}),
      inputTokens: outcome.usage.inputTokens,
      outputTokens: outcome.usage.outputTokens,
      cacheReadTokens: outcome.usage.cacheReadTokens,
      cacheWriteTokens: outcome.usage.cacheWriteTokens,
      toolCalls: outcome.toolCalls.length,
      sources: outcome.sources.length,
      citedSources: citations.citedSources,
      consultedSources: citations.consultedSources,
      ...(checks.length ? { checks: countChecks(checks, filed.modelCheck) } : {}),
      durationMs: Date.parse(outcome.endedAt) - Date.parse(outcome.startedAt),
    },
  };
}

type Exploring = Extract<ExplorePlan, { action: "explore" }>;

/** Quick mode: one agent run, one checkpointed "research" step. */
async function quickResearch(
  deps: ExploreWorkflowDeps,
  {
    payload,
    step,
    reportProgress,
    signal,
  }: Pick<
    Parameters<Workflow<ExplorePayload, ExploreResult>>[0],
    "payload" | "step" | "reportProgress" | "signal"
  >,
  plan: Exploring,
  live: LiveProgress,
) {
  reportProgress({ step: "research" });
  return step.do("research", () => {
    let toolCalls = 0;
    return researchExploration(payload, plan, {
      ...deps,
      signal,
      onToolCall: (call) => {
        deps.onToolCall?.(call);
        toolCalls += 1;
        reportProgress({ step: "research", toolCalls, ...live.toolCall(call) });
      },
      onStep: (progress) => {
        deps.onStep?.(progress);
        reportProgress({
          step: "research",
          agentStep: progress.step,
          maxSteps: progress.maxSteps,
          inputTokens: progress.inputTokens,
          outputTokens: progress.outputTokens,
          ...live.step(progress),
        });
      },
    });
  });
}

/**
 * `--check-claims model`: its own checkpointed, paid step after the research, so a restart
 * neither pays for the research again nor judges twice.
 */
async function modelCheckStep(
  deps: ExploreWorkflowDeps,
  payload: ExplorePayload,
  outcome: ResearchOutcome,
  step: Parameters<Workflow<ExplorePayload, ExploreResult>>[0]["step"],
  reportProgress: Parameters<Workflow<ExplorePayload, ExploreResult>>[0]["reportProgress"],
  signal: AbortSignal | undefined,
) {
  if (payload.request.checkClaims !== "model") return undefined;
  reportProgress({ step: "check-claims" });
  return step.do(
    "check-claims",
    async () => (await checkClaimsWithModel(payload, outcome, deps.model, signal)) ?? null,
  );
}
