import { oneLine } from "../../config/one-line.ts";
import type { Redact } from "../../config/redactor.ts";
import { classifyJobFailure } from "../../jobs/job-error.ts";
import type { Json, Workflow, WorkflowContext } from "../../jobs/workflow.ts";
import type { IssueTracker } from "../../store/issue-tracker.ts";
import type { PaidResearchStash } from "../../store/paid-research.ts";
import type { ExplorePayload } from "../explore/explore-plan.ts";
import { type ExploreServiceDeps, exploreJobWorkflow } from "../explore/explore-service.ts";
import type { ExploreResult } from "../explore/explore-workflow.ts";
import { claimIssue } from "./claim-issue.ts";
import { type IntakeLabels, otherLabels } from "./intake-labels.ts";
import { checkIssueTrust, type TrustPolicy } from "./intake-trust.ts";
import { type IssueRequestDefaults, ideaTitle, issueRequest } from "./issue-form.ts";
import { type OutcomeKind, parseMarker } from "./issue-markers.ts";
import { type IssueOutcome, replyBody } from "./issue-reply.ts";
import { requestKey, stashedSteps } from "./paid-research-reuse.ts";
import { summarizeResearch } from "./report-summary.ts";
import { turnAwayUntrusted } from "./turn-away.ts";

/**
 * One issue to explore. The run id names the run in its claim; a job's own id by default. A
 * webhook names who put the intake label on (its sender); otherwise the issue's events say.
 */
export type IssuePayload = { issue: number; runId?: string; labeller?: string };

/** How the issue's run ended (what GET /api/jobs/:id and the CLI show). */
export type IssueResult = {
  issue: number;
  status: OutcomeKind | "skipped";
  /** Why it was skipped, or the one-line failure the issue was told. */
  reason?: string;
  /** research.md of the exploration (or of the earlier one, for a duplicate). */
  path?: string;
  url?: string;
  stats?: ExploreResult["stats"];
};

export interface IssueWorkflowDeps extends ExploreServiceDeps {
  issues: IssueTracker;
  labels: IntakeLabels;
  /** The runner's settings under what the issue asks: model, limits, budget. */
  defaults?: IssueRequestDefaults;
  /** Names the runner in the claim comment, e.g. a link to the GitHub Actions run. */
  runner?: string;
  /** Who may start a paid run (default: collaborators; see intake-trust.ts). */
  trust?: TrustPolicy;
  /** When a claim whose run never answered is taken over (default 60 minutes; stale-claim.ts). */
  staleAfterMs?: number;
  /**
   * Where research paid for but not yet committed is kept, so the next run of the issue (after a
   * failed commit, or a killed runner) reuses it instead of paying again. Without it, it is not.
   */
  stash?: PaidResearchStash;
  /** Hears why an exploration failed, the error itself (the issue gets its safe one line). */
  onFailure?: (issue: number, error: unknown) => void;
}

/**
 * An issue from intake to answer, as checkpointed steps: "claim" (see claimIssue), the explore
 * workflow's own steps, "reply" (the answer comment) and "finish" (labels and state). Each
 * GitHub step is idempotent on its own: the reply looks for this run's outcome marker before
 * commenting, the finish sets the whole label set and the state. So neither a restart between
 * steps nor one inside a step answers an issue twice, and a finished step is never redone.
 *
 * A failed exploration is answered, not retried: the issue gets the failed label and the error's
 * one line, and putting the intake label back retries it. Only a stop (the signal) ends the run
 * unanswered, so that a resumed job continues where it stopped.
 */
export function issueWorkflow(deps: IssueWorkflowDeps): Workflow<IssuePayload, IssueResult> {
  return async (context) => {
    const { payload, step, jobId, reportProgress } = context;
    const number = payload.issue;
    const runId = payload.runId ?? jobId;
    // Before the claim: an issue nobody trusted asked for is never claimed, explored or paid for.
    reportProgress({ step: "trust" });
    const trust = await step.do("trust", () =>
      checkIssueTrust(deps.issues, number, {
        policy: deps.trust ?? "collaborators",
        labels: deps.labels,
        labeller: payload.labeller,
      }),
    );
    if (!trust.trusted) {
      await step.do("turn-away", async () => {
        await turnAwayUntrusted(deps.issues, number, runId, deps.labels);
        return null;
      });
      return {
        issue: number,
        status: "skipped",
        reason: `waits for a maintainer to label it (${trust.because})`,
      };
    }
    reportProgress({ step: "claim" });
    const claim = await step.do("claim", () =>
      claimIssue(deps.issues, number, runId, {
        labels: deps.labels,
        runner: deps.runner,
        staleAfterMs: deps.staleAfterMs,
      }),
    );
    if (!claim.claimed) return { issue: number, status: "skipped", reason: claim.reason };

    // A run resumed after it answered must not answer again. After a failure it must not explore
    // again either (its answer stands); after a success every explore step is stored, so going
    // through them again only reads their results back.
    const answered = await answeredBefore(deps.issues, number, runId);
    let outcome: IssueOutcome | undefined;
    let explored: ExploreResult | undefined;
    if (answered !== "failed") {
      try {
        explored = await explore(deps, context, claim);
        outcome = exploredOutcome(deps, explored);
      } catch (error) {
        if (context.signal.aborted) throw error;
        deps.onFailure?.(number, error);
        outcome = { kind: "failed", message: failureLine(error, deps.redact) };
      }
    }
    const kind = answered ?? outcome!.kind;

    reportProgress({ step: "reply" });
    await step.do("reply", async () => {
      if (answered || (await answeredBefore(deps.issues, number, runId))) return null;
      const body = replyBody(await withSummary(deps, outcome!, claim), runId, deps.labels.intake);
      return (await deps.issues.comment(number, body)).id;
    });
    reportProgress({ step: "finish" });
    await step.do("finish", async () => {
      const issue = await deps.issues.get(number);
      const labels = otherLabels(issue?.labels ?? [], deps.labels);
      const done = kind !== "failed";
      await deps.issues.update(number, {
        labels: [...labels, done ? deps.labels.completed : deps.labels.failed],
        ...(done ? { state: "closed" as const } : {}),
      });
      return kind;
    });
    return resultOf(number, kind, outcome, explored);
  };
}

async function explore(
  deps: IssueWorkflowDeps,
  context: WorkflowContext<IssuePayload>,
  claim: Extract<Awaited<ReturnType<typeof claimIssue>>, { claimed: true }>,
): Promise<ExploreResult> {
  const request = issueRequest(claim.issue, deps.defaults);
  const number = claim.issue.number;
  const payload: ExplorePayload = {
    request,
    requestedAt: claim.requestedAt,
    runId: context.payload.runId ?? context.jobId,
    issue: { number, title: ideaTitle(claim.issue.title) },
  };
  const note = (message: string) => context.reportProgress({ message });
  const step = deps.stash
    ? await stashedSteps(context.step, {
        stash: deps.stash,
        issue: number,
        key: requestKey(request),
        note,
      })
    : context.step;
  const result = (await exploreJobWorkflow(deps).run({
    ...context,
    step,
    payload: payload as unknown as Json,
  })) as unknown as ExploreResult;
  // Committed (or found committed): nothing is left to reuse. A stash left behind is harmless
  // (the next run finds the commit first), so failing to delete it only says so.
  await deps.stash?.drop(number).catch((error: unknown) => {
    note(
      `could not delete ${deps.stash!.where(number)} (${String((error as Error)?.message ?? error)})`,
    );
  });
  return result;
}

function exploredOutcome(deps: IssueWorkflowDeps, result: ExploreResult): IssueOutcome {
  const url = result.url ?? deps.issues.fileUrl(result.path);
  if (result.status === "duplicate") return { kind: "duplicate", path: result.path, url };
  return {
    kind: "completed",
    path: result.path,
    url,
    summary: [],
    citedSources: result.stats?.citedSources ?? 0,
    sources: result.stats?.sources ?? 0,
    cost: result.stats?.cost,
  };
}

/** The verdict or directions, read back from the committed research.md. */
async function withSummary(
  deps: IssueWorkflowDeps,
  outcome: IssueOutcome,
  claim: Extract<Awaited<ReturnType<typeof claimIssue>>, { claimed: true }>,
): Promise<IssueOutcome> {
  if (outcome.kind !== "completed") return outcome;
  const markdown = await deps.store.readText(outcome.path);
  if (markdown === undefined) return outcome;
  const mode = issueRequest(claim.issue, deps.defaults).mode;
  return { ...outcome, summary: summarizeResearch(markdown, mode) };
}

/** The outcome this run already told the issue, if it did. */
async function answeredBefore(
  issues: IssueTracker,
  number: number,
  runId: string,
): Promise<OutcomeKind | undefined> {
  for (const comment of await issues.comments(number)) {
    const marker = parseMarker(comment.body);
    if (comment.trusted && marker?.type === "outcome" && marker.run === runId) return marker.kind;
  }
  return undefined;
}

/** One line that is safe on a public issue: the failure as the job API would show it. */
function failureLine(error: unknown, redact: Redact | undefined): string {
  const failure = classifyJobFailure(error, redact);
  if (failure.code === "internal_error") {
    return "the run failed on an unexpected error (the details are in the runner's log)";
  }
  return oneLine(failure.message, 500);
}

function resultOf(
  number: number,
  kind: OutcomeKind,
  outcome: IssueOutcome | undefined,
  explored: ExploreResult | undefined,
): IssueResult {
  return {
    issue: number,
    status: kind,
    ...(outcome?.kind === "failed" ? { reason: outcome.message } : {}),
    ...(outcome && outcome.kind !== "failed" ? { path: outcome.path, url: outcome.url } : {}),
    ...(explored?.stats ? { stats: explored.stats } : {}),
  };
}
