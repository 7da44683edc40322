import type { StepProgress } from "../../agent/agent-types.ts";
import { runAgent } from "../../agent/run-agent.ts";
import { createToolCallRecorder } from "../../agent/tool-call-recorder.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";
import type { SearchFunction } from "../../search/search-function.ts";
import type { ResearchStore } from "../../store/research-store.ts";
import type { LogSink, OnToolCall } from "../../tools/tool-call-log.ts";
import { keptEvidence } from "../checks/kept-evidence.ts";
import { citedReport } from "./cited-report.ts";
import type { ExplorePayload, ExplorePlan } from "./explore-plan.ts";
import { explorePrompt } from "./explore-prompt.ts";
import { type ExploreTooling, exploreToolkit } from "./explore-tools.ts";
import { reportingProviderSearches } from "./provider-search-urls.ts";
import type { ResearchOutcome } from "./research-outcome.ts";

export interface ResearchDeps {
  store: ResearchStore;
  model: ResolvedModel;
  search?: SearchFunction | undefined;
  /** Codebase, MCP tools, web_fetch's address policy, tool search: the CLI's options. */
  tooling?: ExploreTooling | undefined;
  /** Progress: every tool call as it ends, and every model call. */
  onToolCall?: OnToolCall | undefined;
  onStep?: ((progress: StepProgress) => void) | undefined;
  /** Where the one-JSON-line-per-tool-call log goes when stats are not collected. */
  logSink?: LogSink | undefined;
  maxRetries?: number | undefined;
  timeoutMs?: number | undefined;
  now?: (() => Date) | undefined;
  signal?: AbortSignal | undefined;
}

type Exploring = Extract<ExplorePlan, { action: "explore" }>;

/** A narrower run: one sub-question of a deep research, with its share of the budgets. */
export interface ResearchFocus {
  /** Replaces the mode's report structure in the system prompt. */
  task: string;
  tokenBudget: number;
  maxCostUsd?: number | undefined;
  /** What is left of the whole run's time limit, in place of the request's own. */
  timeoutMs?: number | undefined;
}

/**
 * The paid step: the agent researches the idea (or, with `focus`, one sub-question of it) and
 * returns its report and statistics.
 */
export async function researchExploration(
  payload: ExplorePayload,
  plan: Exploring,
  deps: ResearchDeps,
  focus?: ResearchFocus,
): Promise<ResearchOutcome> {
  const now = deps.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const { request } = payload;
  const recorder = createToolCallRecorder({
    log: !request.collectToolStats,
    ...(deps.logSink ? { sink: deps.logSink } : {}),
    ...(deps.onToolCall ? { onToolCall: deps.onToolCall } : {}),
  });
  const toolkit = exploreToolkit({
    ...deps.tooling,
    store: deps.store,
    model: deps.model,
    search: deps.search,
    onToolCall: recorder.record,
    request,
  });
  const { provenance } = toolkit;
  if (provenance) {
    // The user's own words may name pages to read; so may the report this run builds on, which
    // is also private: from the start, only search results and these URLs may be fetched.
    provenance.seeText(
      "user",
      [request.idea, request.context ?? "", plan.previous?.content ?? ""].join("\n"),
    );
    if (plan.previous) provenance.markPrivate("earlier research is in the prompt");
  }
  const prompt = explorePrompt(payload, plan, toolkit, focus?.task);
  const run = await runAgent({
    model: provenance ? reportingProviderSearches(deps.model.model, provenance) : deps.model.model,
    instructions: prompt.system,
    prompt: prompt.user,
    tools: toolkit.tools,
    ...(toolkit.prepareStep ? { prepareStep: toolkit.prepareStep } : {}),
    sourcesFrom: toolkit.sourcesFrom,
    recorder,
    limits: {
      maxSteps: request.maxSteps,
      tokenBudget: focus?.tokenBudget ?? request.tokenBudget,
      ...(focus?.timeoutMs
        ? { timeoutMs: Math.ceil(focus.timeoutMs) }
        : request.timeoutSeconds
          ? { timeoutMs: request.timeoutSeconds * 1000 }
          : deps.timeoutMs
            ? { timeoutMs: deps.timeoutMs }
            : {}),
    },
    ...(deps.maxRetries === undefined ? {} : { maxRetries: deps.maxRetries }),
    ...(deps.signal ? { abortSignal: deps.signal } : {}),
    pricing: {
      modelId: deps.model.modelId,
      price: deps.model.price,
      maxUsd: focus ? focus.maxCostUsd : request.maxCostUsd,
    },
    ...(deps.onStep ? { onStep: deps.onStep } : {}),
  });
  const outcome: ResearchOutcome = {
    report: run.content,
    model: deps.model.modelId,
    startedAt,
    endedAt: now().toISOString(),
    steps: run.steps,
    stoppedBy: run.stoppedBy,
    ...(run.truncated ? { truncated: true } : {}),
    ...(run.cost ? { cost: run.cost } : {}),
    usage: run.usage,
    limits: {
      maxSteps: run.limits.maxSteps,
      tokenBudget: run.limits.tokenBudget,
      maxOutputTokens: run.limits.maxOutputTokens,
    },
    toolCalls: run.toolCalls,
    sources: run.sources.map((s) => ({ title: s.title, url: s.url })),
  };
  // Kept now, while the pages' text is at hand: the report is checked against it when filed.
  const evidence = keptEvidence(citedReport(outcome).report, run.passages);
  return evidence.length ? { ...outcome, evidence } : outcome;
}
