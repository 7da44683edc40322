import type { IssueTracker, TrackedComment, TrackedIssue } from "../../store/issue-tracker.ts";
import { hasLabel, type IntakeLabels } from "./intake-labels.ts";
import { claimMarker, parseMarker } from "./issue-markers.ts";

export type ClaimOutcome =
  | { claimed: true; issue: TrackedIssue; requestedAt: string }
  | { claimed: false; reason: string };

export interface ClaimOptions {
  labels: IntakeLabels;
  /** Shown in the claim comment, e.g. a link to the GitHub Actions run. */
  runner?: string | undefined;
  now?: () => Date;
}

/**
 * Claims an issue for run `runId` so that of any number of runners only one explores it.
 *
 * 1. Read the comments, THEN the issue: it must be open, carry the intake label and not the
 *    processing one. A claim always adds the label before its comment, so every claim comment
 *    seen in step 1 belongs to a claim whose label was gone by the time the issue was read:
 *    ended, or cleared by hand. The newest comment id seen is this run's baseline.
 * 2. Add the processing label, then a comment naming the run and its baseline.
 * 3. Read the comments and the issue again. The claims made since the baseline are the live
 *    ones; the first of them (lowest id) wins. Two racing runs see each other's claim after
 *    their baselines (each read its baseline before either commented), so both name the same
 *    winner. The loser deletes its comment and leaves the label to the winner (or removes it
 *    when the issue was finished meanwhile).
 *
 * Run again with the same run id (a resumed job), it finds its own claim and only decides.
 */
export async function claimIssue(
  tracker: IssueTracker,
  issueNumber: number,
  runId: string,
  options: ClaimOptions,
): Promise<ClaimOutcome> {
  const { labels } = options;
  const before = await tracker.comments(issueNumber);
  let mine = findClaim(before, runId);
  if (!mine) {
    const issue = await tracker.get(issueNumber);
    const unavailable = whyNotClaimable(issue, labels);
    if (unavailable) return { claimed: false, reason: unavailable };
    if (hasLabel(issue!.labels, labels.processing)) {
      return { claimed: false, reason: "already claimed by another run" };
    }
    const baseline = Math.max(0, ...before.map((c) => c.id));
    await tracker.addLabels(issueNumber, [labels.processing]);
    const comment = await tracker.comment(issueNumber, claimBody(runId, baseline, options.runner));
    mine = { comment, after: baseline };
  }

  const comments = await tracker.comments(issueNumber);
  const issue = await tracker.get(issueNumber);
  const live = comments
    .filter((c) => c.id > mine.after && (c.trusted || c.id === mine.comment.id))
    .filter((c) => parseMarker(c.body)?.type === "claim")
    .sort((a, b) => a.id - b.id);
  const winner = live[0];
  const unavailable = whyNotClaimable(issue, labels);
  if (winner?.id === mine.comment.id && !unavailable) {
    return {
      claimed: true,
      issue: issue!,
      requestedAt: (options.now ?? (() => new Date()))().toISOString(),
    };
  }
  await tracker.deleteComment(mine.comment.id);
  if (unavailable) {
    // Finished (or closed) while this run claimed: the label this run added would stay for ever.
    await tracker.removeLabel(issueNumber, labels.processing);
    return { claimed: false, reason: unavailable };
  }
  const other = winner ? parseMarker(winner.body) : undefined;
  return {
    claimed: false,
    reason: `claimed first by run ${other?.run ?? "another run"}`,
  };
}

function findClaim(
  comments: readonly TrackedComment[],
  runId: string,
): { comment: TrackedComment; after: number } | undefined {
  for (const comment of comments) {
    const marker = parseMarker(comment.body);
    if (marker?.type === "claim" && marker.run === runId) return { comment, after: marker.after };
  }
  return undefined;
}

function whyNotClaimable(
  issue: TrackedIssue | undefined,
  labels: IntakeLabels,
): string | undefined {
  if (!issue) return "no such issue";
  if (issue.state !== "open") return "the issue is closed";
  if (!hasLabel(issue.labels, labels.intake)) return `the issue is not labelled "${labels.intake}"`;
  return undefined;
}

function claimBody(runId: string, after: number, runner: string | undefined): string {
  const by = runner ? ` by ${runner}` : "";
  return `🔎 Exploring this idea: run \`${runId}\`${by}. The research will be linked here when it is done.\n\n${claimMarker(runId, after)}`;
}

/**
 * Gives a claim up (a run stopped before it explored): its comment and the processing label go,
 * so the next run takes the issue. Does nothing to a claim that is not this run's.
 */
export async function releaseClaim(
  tracker: IssueTracker,
  issueNumber: number,
  runId: string,
  labels: IntakeLabels,
): Promise<boolean> {
  const mine = findClaim(await tracker.comments(issueNumber), runId);
  if (!mine) return false;
  await tracker.removeLabel(issueNumber, labels.processing);
  await tracker.deleteComment(mine.comment.id);
  return true;
}
