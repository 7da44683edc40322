import { DEFAULT_LANGUAGE } from "../../config/report-language.ts";
import type {
  CommitDecision,
  CommitResult,
  ResearchFile,
  ResearchSnapshot,
  ResearchStore,
} from "../../store/research-store.ts";
import { claimsLog } from "../checks/claims-log.ts";
import { findExistingExploration, newFolderName } from "../existing-exploration.ts";
import { appendLogEntry, type ExplorationLogEntry } from "../exploration-log.ts";
import { slugifyIdea } from "../idea-identity.ts";
import { publishResearch } from "../publish/publish-research.ts";
import { type Removal, RemovalList } from "../publish/removals.ts";
import { appendRefresh } from "../refresh/append-refresh.ts";
import { refreshRecord } from "../refresh/refresh-record.ts";
import {
  appendUpdate,
  newResearch,
  parseResearch,
  type ResearchDocument,
  renderResearch,
  titleFor,
} from "../research-document.ts";
import { type CitedReport, citedReport } from "./cited-report.ts";
import type { ExplorePayload, ExplorePlan } from "./explore-plan.ts";
import { fitToStore } from "./fit-report.ts";
import type { ResearchOutcome } from "./research-outcome.ts";
import { searchFailures } from "./run-warnings.ts";
import { webFetchSummary } from "./web-fetch-summary.ts";

type Exploring = Extract<ExplorePlan, { action: "explore" }>;

/** How the commit step ended: which folder holds the research, and the commit if one landed. */
export type CommittedExploration = {
  status: "created" | "updated" | "duplicate";
  folder: string;
  researchPath: string;
  logPath: string;
  commit?: CommitResult;
  /** The report was cut to fit the store's file limit (see fitToStore); cutReport redoes it. */
  cutForSize?: ResearchOutcome["cutForSize"];
};

/**
 * Renders research.md and exploration-log.json and lands both in one commit, decided on the
 * branch head the commit lands on (so decided again whenever another commit got there first):
 * a run of this idea that committed meanwhile makes this one a duplicate; a folder another idea
 * took gets a new name; an update builds on the newest research.md and log. Everything rendered
 * comes from persisted step results and this run's id is in the log, so a replay after a crash
 * finds its own commit and makes no second one.
 */
export async function commitExploration(
  payload: ExplorePayload,
  plan: Exploring,
  outcome: ResearchOutcome,
  store: ResearchStore,
): Promise<CommittedExploration> {
  const { value, commit } = await store.commitOnHead((head) =>
    decideOnHead(payload, plan, outcome, head),
  );
  return { ...value, ...(commit ? { commit } : {}) };
}

type Decision = CommitDecision<Omit<CommittedExploration, "commit">>;

async function decideOnHead(
  payload: ExplorePayload,
  plan: Exploring,
  outcome: ResearchOutcome,
  head: ResearchSnapshot,
): Promise<Decision> {
  const { request } = payload;
  const status = plan.isUpdate ? "updated" : "created";
  const paths = (folder: string) => ({
    folder,
    researchPath: `${folder}/research.md`,
    logPath: `${folder}/exploration-log.json`,
  });
  const message = commitMessage(payload, plan.isUpdate);

  const ownCommit = await alreadyCommitted(head, paths(plan.folder), payload.runId);
  if (ownCommit)
    return { kind: "commit", files: ownCommit, message, value: { status, ...paths(plan.folder) } };

  let folder = plan.folder;
  if (!plan.isUpdate) {
    const folders = await head.listIdeaFolders();
    const existing = request.force
      ? undefined
      : await findExistingExploration(head, request.idea, folders);
    if (existing) {
      return { kind: "skip", value: { status: "duplicate", ...paths(`ideas/${existing.folder}`) } };
    }
    const name = folder.slice("ideas/".length);
    if (folders.includes(name)) {
      folder = `ideas/${newFolderName(folders, plan.date, slugifyIdea(request.idea))}`;
    }
  }
  const target = paths(folder);
  const previous = plan.isUpdate
    ? ((await head.readText(target.researchPath)) ?? plan.previous?.content)
    : undefined;
  // What is committed is the document as published: the run's report was sanitized when it was
  // cited, and the whole document (an update's earlier sections too) is checked once more.
  const publish = (o: ResearchOutcome) => {
    const cited = citedReport(o);
    return { cited, ...publishResearch(buildDocument(payload, plan, o, cited, previous)) };
  };
  const fitted = fitToStore(outcome, (o) => renderResearch(publish(o).doc));
  const published = publish(fitted.outcome);
  const entry = {
    ...logEntry(payload, plan, fitted.outcome, published, target.researchPath),
    // A refresh records what it changed against the research it built on.
    ...(request.refresh && previous !== undefined
      ? { refresh: refreshRecord(previous, published.doc) }
      : {}),
  };
  const log = appendLogEntry(await head.readText(target.logPath), entry);
  const cut = fitted.outcome.cutForSize;
  return {
    kind: "commit",
    files: [
      { path: target.researchPath, content: fitted.text },
      { path: target.logPath, content: log },
    ],
    message,
    value: { status, ...target, ...(cut ? { cutForSize: cut } : {}) },
  };
}

/**
 * When this run's commit is already on the head (a replay after a crash): the head's own files,
 * so the commit is a no-op that reports the commit holding them.
 */
async function alreadyCommitted(
  head: ResearchSnapshot,
  target: { researchPath: string; logPath: string },
  runId: string,
): Promise<ResearchFile[] | undefined> {
  const log = await head.readText(target.logPath);
  if (!log || !logHasRun(log, runId)) return undefined;
  const research = await head.readText(target.researchPath);
  if (research === undefined) return undefined;
  return [
    { path: target.researchPath, content: research },
    { path: target.logPath, content: log },
  ];
}

function logEntry(
  payload: ExplorePayload,
  plan: Exploring,
  outcome: ResearchOutcome,
  {
    cited,
    removed: fromDocument,
    doc,
  }: { cited: CitedReport; removed: Removal[]; doc: ResearchDocument },
  researchPath: string,
): ExplorationLogEntry & { runId: string } {
  const { request } = payload;
  const { removed, citations } = cited;
  const failures = searchFailures(outcome.toolCalls);
  const removals = new RemovalList();
  removals.addAll([...cited.removals, ...fromDocument]);
  return {
    runId: payload.runId,
    ...(payload.issue ? { issue: payload.issue.number } : {}),
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
    ...(outcome.truncated ? { truncated: true } : {}),
    ...(outcome.cost ? { cost: outcome.cost } : {}),
    tokens: {
      input: outcome.usage.inputTokens,
      output: outcome.usage.outputTokens,
      total: outcome.usage.totalTokens,
      cacheRead: outcome.usage.cacheReadTokens,
      cacheWrite: outcome.usage.cacheWriteTokens,
      ...(outcome.usage.reasoningTokens ? { reasoning: outcome.usage.reasoningTokens } : {}),
      ...(outcome.usage.reasoningChars ? { reasoningChars: outcome.usage.reasoningChars } : {}),
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
    ...(failures.length ? { searchFailures: failures } : {}),
    ...withWebFetchSummary(outcome.toolCalls),
    sources: outcome.sources,
    citations,
    ...claimsLog(cited.checks, doc.cited, outcome.modelCheck),
    ...(removed.length ? { removedLinks: removed } : {}),
    ...(removals.list().length ? { removed: removals.list() } : {}),
    ...(removals.unlisted ? { removedUnlisted: removals.unlisted } : {}),
    outputPath: researchPath,
    ...(outcome.deep ? { deep: outcome.deep } : {}),
  };
}

function buildDocument(
  payload: ExplorePayload,
  plan: Exploring,
  outcome: ResearchOutcome,
  { report, sources, checks }: CitedReport,
  previousText: string | undefined,
): ResearchDocument {
  const previous = previousText === undefined ? undefined : parseResearch(previousText);
  const failedChecks = checks
    .filter((c) => c.outcome === "not_found" || c.model?.verdict === "unsupported")
    .map((check) => ({
      check,
      ...(check.model?.verdict === "unsupported"
        ? { unsupported: check.model.reason ? { reason: check.model.reason } : {} }
        : {}),
    }));
  if (previous) {
    // The document keeps its language unless this request names one.
    const language = payload.request.language;
    const append = payload.request.refresh ? appendRefresh : appendUpdate;
    return append(previous, { date: plan.date, report, sources, failedChecks, language });
  }
  return newResearch(
    {
      title: titleFor(report, payload.request.idea),
      idea: payload.request.idea,
      mode: payload.request.mode,
      model: outcome.model,
      date: plan.date,
      fingerprint: plan.fingerprint,
      ...(payload.issue ? { issue: payload.issue.number } : {}),
      sources: sources.length,
      ...(outcome.truncated ? { truncated: true } : {}),
      language: plan.language ?? DEFAULT_LANGUAGE,
    },
    { report, sources, failedChecks },
  );
}

/** True when the log holds an entry of this run: its commit already landed. */
function logHasRun(log: string, runId: string): boolean {
  try {
    const entries: unknown = JSON.parse(log);
    return (
      Array.isArray(entries) && entries.some((e) => (e as { runId?: unknown })?.runId === runId)
    );
  } catch {
    return false;
  }
}

/** "Explore: <idea>", or for an idea from an issue "Explore: <issue title> (#42)". */
function commitMessage(payload: ExplorePayload, isUpdate: boolean): string {
  const verb = isUpdate ? "Update" : "Explore";
  const { issue } = payload;
  if (!issue) return `${verb}: ${oneLine(payload.request.idea)}`;
  return `${verb}: ${oneLine(issue.title || payload.request.idea)} (#${issue.number})`;
}

function oneLine(idea: string): string {
  const line = idea.replace(/\s+/g, " ").trim();
  return line.length > 72 ? `${line.slice(0, 69)}...` : line;
}

function withWebFetchSummary(calls: ResearchOutcome["toolCalls"]) {
  const webFetch = webFetchSummary(calls);
  return webFetch ? { webFetch } : {};
}
