import type { CommitResult, ResearchStore } from "../../store/research-store.ts";
import { appendLogEntry, type ExplorationLogEntry } from "../exploration-log.ts";
import {
  appendUpdate,
  parseResearch,
  type ResearchDocument,
  renderResearch,
  stripModelSources,
  titleFor,
} from "../research-document.ts";
import { keepRetrievedLinks } from "../source-links.ts";
import type { ExplorePayload, ExplorePlan } from "./explore-plan.ts";
import type { ResearchOutcome } from "./research-outcome.ts";

type Exploring = Extract<ExplorePlan, { action: "explore" }>;

/**
 * Renders research.md and exploration-log.json and writes both in one commit. Everything it
 * renders comes from persisted step results, so a replay after a crash produces the same files
 * and the store's idempotent commit makes no second commit.
 */
export async function commitExploration(
  payload: ExplorePayload,
  plan: Exploring,
  outcome: ResearchOutcome,
  store: ResearchStore,
): Promise<CommitResult & { researchPath: string; logPath: string }> {
  const { request } = payload;
  const researchPath = `${plan.folder}/research.md`;
  const logPath = `${plan.folder}/exploration-log.json`;
  const { text, removed } = keepRetrievedLinks(stripModelSources(outcome.report), outcome.sources);

  const document = buildDocument(payload, plan, outcome, text);
  const entry: ExplorationLogEntry & { runId: string } = {
    runId: payload.runId,
    idea: request.idea,
    mode: request.mode,
    model: outcome.model,
    ...(request.context ? { context: request.context } : {}),
    isUpdate: plan.isUpdate,
    ...(request.continueFrom && !plan.isUpdate ? { continueFrom: plan.previous?.path } : {}),
    startedAt: outcome.startedAt,
    endedAt: outcome.endedAt,
    durationMs: Date.parse(outcome.endedAt) - Date.parse(outcome.startedAt),
    steps: outcome.steps,
    stoppedBy: outcome.stoppedBy,
    tokens: {
      input: outcome.usage.inputTokens,
      output: outcome.usage.outputTokens,
      total: outcome.usage.totalTokens,
      cacheRead: outcome.usage.cacheReadTokens,
      cacheWrite: outcome.usage.cacheWriteTokens,
    },
    limits: outcome.limits,
    ...(request.collectToolStats ? { toolCalls: outcome.toolCalls } : {}),
    searches: outcome.toolCalls
      .filter((call) => call.name === "web_search")
      .map((call) => ({
        query: call.query ?? "",
        ok: call.ok,
        ...(call.resultCount !== undefined ? { resultCount: call.resultCount } : {}),
      })),
    sources: outcome.sources,
    ...(removed.length ? { removedLinks: removed } : {}),
    outputPath: researchPath,
  };

  const existingLog = await store.readText(logPath);
  const result = await store.commit(
    [
      { path: researchPath, content: renderResearch(document) },
      { path: logPath, content: appendLogEntry(withoutRun(existingLog, payload.runId), entry) },
    ],
    `${plan.isUpdate ? "Update" : "Explore"}: ${oneLine(request.idea)}`,
  );
  return { ...result, researchPath, logPath };
}

function buildDocument(
  payload: ExplorePayload,
  plan: Exploring,
  outcome: ResearchOutcome,
  report: string,
): ResearchDocument {
  const previous =
    plan.isUpdate && plan.previous ? parseResearch(plan.previous.content) : undefined;
  if (previous) {
    return appendUpdate(previous, {
      date: plan.date,
      report,
      sources: outcome.sources,
      model: outcome.model,
    });
  }
  return {
    frontmatter: {
      title: titleFor(report, payload.request.idea),
      idea: payload.request.idea,
      mode: payload.request.mode,
      model: outcome.model,
      date: plan.date,
      fingerprint: plan.fingerprint,
      sources: outcome.sources.length,
    },
    body: report,
    sources: outcome.sources,
  };
}

// A replayed commit step must not log its run twice: drop an entry with this run's id first.
function withoutRun(log: string | undefined, runId: string): string | undefined {
  if (!log) return log;
  try {
    const entries: unknown = JSON.parse(log);
    if (!Array.isArray(entries)) return log;
    return JSON.stringify(entries.filter((e) => (e as { runId?: unknown })?.runId !== runId));
  } catch {
    return log;
  }
}

function oneLine(idea: string): string {
  const line = idea.replace(/\s+/g, " ").trim();
  return line.length > 72 ? `${line.slice(0, 69)}...` : line;
}
