import type { Workflow } from "../../jobs/workflow.ts";
import { commitExploration } from "./commit-exploration.ts";
import type { ExplorePayload } from "./explore-plan.ts";
import { prepareExploration } from "./prepare-exploration.ts";
import { type ResearchDeps, researchExploration } from "./research-exploration.ts";

/** What an exploration ends with, as the CLI prints it and the service stores it. */
export type ExploreResult = {
  status: "created" | "updated" | "duplicate";
  /** research.md's repository path, e.g. "ideas/2026-11-22-solar-kiosks/research.md". */
  path: string;
  folder: string;
  /** Where to see the files: GitHub URLs, or repository-relative paths for a folder. */
  locations: string[];
  url?: string;
  commitSha?: string;
  stats?: {
    steps: number;
    stoppedBy: string;
    inputTokens: number;
    outputTokens: number;
    cacheReadTokens: number;
    cacheWriteTokens: number;
    toolCalls: number;
    sources: number;
    durationMs: number;
  };
};

/**
 * Explore as named, checkpointed steps (prepare → research → commit). Each step's result is
 * persisted before the next starts, so a restart never pays for research twice; everything a
 * later step needs comes from earlier step results, never from shared variables.
 */
export function exploreWorkflow(
  deps: Omit<ResearchDeps, "signal">,
): Workflow<ExplorePayload, ExploreResult> {
  return async ({ payload, step, reportProgress, signal }) => {
    reportProgress({ step: "prepare" });
    const plan = await step.do("prepare", () => prepareExploration(payload, deps.store));
    if (plan.action === "duplicate") {
      return {
        status: "duplicate",
        path: plan.researchPath,
        folder: plan.folder,
        locations: [plan.researchPath],
      };
    }

    reportProgress({ step: "research" });
    const outcome = await step.do("research", () => {
      let toolCalls = 0;
      return researchExploration(payload, plan, {
        ...deps,
        signal,
        onToolCall: (call) => {
          deps.onToolCall?.(call);
          toolCalls += 1;
          reportProgress({ step: "research", toolCalls });
        },
        onStep: (progress) => {
          deps.onStep?.(progress);
          reportProgress({
            step: "research",
            agentStep: progress.step,
            maxSteps: progress.maxSteps,
            inputTokens: progress.inputTokens,
            outputTokens: progress.outputTokens,
          });
        },
      });
    });

    reportProgress({ step: "commit" });
    const committed = await step.do("commit", () =>
      commitExploration(payload, plan, outcome, deps.store),
    );
    const url = committed.locations.find((l) => l.endsWith("/research.md") && l.startsWith("http"));
    return {
      status: plan.isUpdate ? "updated" : "created",
      path: committed.researchPath,
      folder: plan.folder,
      locations: committed.locations,
      ...(url ? { url } : {}),
      ...(committed.commitSha ? { commitSha: committed.commitSha } : {}),
      stats: {
        steps: outcome.steps,
        stoppedBy: outcome.stoppedBy,
        inputTokens: outcome.usage.inputTokens,
        outputTokens: outcome.usage.outputTokens,
        cacheReadTokens: outcome.usage.cacheReadTokens,
        cacheWriteTokens: outcome.usage.cacheWriteTokens,
        toolCalls: outcome.toolCalls.length,
        sources: outcome.sources.length,
        durationMs: Date.parse(outcome.endedAt) - Date.parse(outcome.startedAt),
      },
    };
  };
}
