import type { JobProgress, WorkflowStep } from "../../jobs/workflow.ts";
import { releaseClaim } from "./claim-issue.ts";
import { hasLabel } from "./intake-labels.ts";
import { type IssueResult, type IssueWorkflowDeps, issueWorkflow } from "./issue-workflow.ts";

/** What a step of an issue's run does, as a progress line says it. */
const STEP_LABELS: Readonly<Record<string, string>> = {
  trust: "Checking who asked for it",
  "turn-away": "Asking for a maintainer's label (no one trusted asked)",
  claim: "Claiming it",
  prepare: "Checking the repository for earlier research",
  research: "Researching",
  plan: "Planning the research",
  synthesis: "Writing the report from the findings",
  commit: "Committing research.md and exploration-log.json",
  reply: "Answering on the issue",
  finish: "Labelling it",
};

export interface IntakeOptions {
  /** Explore at most this many issues in this run (the rest wait for the next). */
  limit?: number | undefined;
  signal: AbortSignal;
  /** A new id for each issue's run. */
  newRunId: () => string;
  /** Progress lines: which issue, which step, warnings. */
  announce: (line: string) => void;
  /** Each issue's end, as it ends. */
  onResult?: (result: IssueResult) => void;
}

/**
 * `idea-explorer issues`: every open issue with the intake label that no run has claimed (or
 * whose claim is stale), oldest first, through the same workflow a webhook job runs, its steps
 * run in order in this process. Issues another run holds are reported as skipped without a
 * request written. A stop (SIGINT,
 * SIGTERM) gives the current issue's claim back before it is thrown, so the next run takes it.
 */
export async function runIssueIntake(
  deps: IssueWorkflowDeps,
  options: IntakeOptions,
): Promise<IssueResult[]> {
  const open = await deps.issues.listOpen(deps.labels.intake);
  const results: IssueResult[] = [];
  const done = (result: IssueResult) => {
    results.push(result);
    options.onResult?.(result);
  };
  let explored = 0;
  for (const issue of open) {
    if (options.limit !== undefined && explored >= options.limit) break;
    const runId = options.newRunId();
    // An issue another run holds is announced only if its claim turns out stale and is taken.
    const held = hasLabel(issue.labels, deps.labels.processing);
    if (!held) options.announce(`#${issue.number} ${issue.title}`);
    try {
      const result = await issueWorkflow(deps)({
        jobId: runId,
        payload: { issue: issue.number, runId },
        step: announcedSteps(options.announce, held ? issue : undefined),
        reportProgress: progressLines(options.announce),
        signal: options.signal,
      });
      if (result.status !== "skipped") explored += 1;
      done(result);
    } catch (error) {
      if (options.signal.aborted) {
        await releaseClaim(deps.issues, issue.number, runId, deps.labels).catch(() => false);
      }
      throw error;
    }
  }
  return results;
}

function announcedSteps(
  announce: (line: string) => void,
  held: { number: number; title: string } | undefined,
): WorkflowStep {
  let quiet = held !== undefined;
  return {
    do: async (name, fn) => {
      if (quiet && name !== "trust" && name !== "claim") {
        quiet = false;
        announce(`#${held!.number} ${held!.title} (taking over a stale claim)`);
      }
      if (quiet) return fn();
      // Deep mode's sub-question steps announce themselves, with the question.
      if (!name.startsWith("sub-question-")) announce(`  ${STEP_LABELS[name] ?? name}...`);
      return fn();
    },
  };
}

/** Only messages (warnings, waits, retries): the steps announce themselves. */
function progressLines(announce: (line: string) => void): (progress: JobProgress) => void {
  return (progress) => {
    if (progress.message) announce(`  ${progress.message}`);
  };
}
