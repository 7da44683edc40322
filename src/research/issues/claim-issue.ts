import type { IssueTracker, TrackedComment, TrackedIssue } from "../../store/issue-tracker.ts";
import { hasLabel, type IntakeLabels } from "./intake-labels.ts";
import { claimMarker, parseMarker } from "./issue-markers.ts";
import { DEFAULT_STALE_AFTER_MS, staleClaim } from "./stale-claim.ts";

export type ClaimOutcome =
  | { claimed: true; issue: TrackedIssue; requestedAt: string }
  | { claimed: false; reason: string };

export interface ClaimOptions {
  labels: IntakeLabels;
  /** Shown in the claim comment, e.g. a link to the GitHub Actions run. */
  runner?: string | undefined;
  now?: () => Date;
  /** A claim older than this, whose run never answered, is taken over (default 60 minutes). */
  staleAfterMs?: number | undefined;
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
 *
 * A stale claim (see staleClaim: older than the stale period, never answered) is taken over
 * without relabelling: step 1 lets the processing label stand, and the new claim names the run
 * it takes over. The stale claim is before every taker's baseline, so takers race exactly as
 * above (the first since the baseline wins); and should the stale run come back, it finds its
 * claim taken over by a later one and loses.
 */
export async function claimIssue(
  tracker: IssueTracker,
  issueNumber: number,
  runId: string,
  options: ClaimOptions,
): Promise<ClaimOutcome> {
  const { labels } = options;
  const now = options.now ?? (() => new Date());
  const before = await tracker.comments(issueNumber);
  let mine = findClaim(before, runId);
  if (!mine) {
    const issue = await tracker.get(issueNumber);
    const unavailable = whyNotClaimable(issue, labels);
    if (unavailable) return { claimed: false, reason: unavailable };
    let stale: ReturnType<typeof staleClaim>;
    if (hasLabel(issue!.labels, labels.processing)) {
      stale = staleClaim(before, now(), options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS);
      if (!stale) return { claimed: false, reason: "already claimed by another run" };
    }
    const baseline = Math.max(0, ...before.map((c) => c.id));
    await tracker.addLabels(issueNumber, [labels.processing]);
    const comment = await tracker.comment(
      issueNumber,
      claimBody(runId, baseline, options.runner, stale),
    );
    mine = { comment, after: baseline };
  }

  const comments = await tracker.comments(issueNumber);
  const issue = await tracker.get(issueNumber);
  const claims = comments
    .filter((c) => c.trusted || c.id === mine.comment.id)
    .flatMap((c) => {
      const marker = parseMarker(c.body);
      return marker?.type === "claim" ? [{ c, marker }] : [];
    });
  const takenOver = new Set(claims.flatMap(({ marker }) => (marker.over ? [marker.over] : [])));
  const live = claims
    .filter(({ c, marker }) => c.id > mine.after && !takenOver.has(marker.run))
    .map(({ c }) => c)
    .sort((a, b) => a.id - b.id);
  const winner = live[0];
  const unavailable = whyNotClaimable(issue, labels);
  if (winner?.id === mine.comment.id && !unavailable) {
    return {
      claimed: true,
      issue: issue!,
      requestedAt: now().toISOString(),
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

function claimBody(
  runId: string,
  after: number,
  runner: string | undefined,
  stale: { run: string; ageMs: number } | undefined,
): string {
  const by = runner ? ` by ${runner}` : "";
  const over = stale
    ? ` It takes over the stale claim of run \`${stale.run}\` (${Math.round(stale.ageMs / 60_000)} minutes old, never answered).`
    : "";
  return `🔎 Exploring this idea: run \`${runId}\`${by}.${over} The research will be linked here when it is done.\n\n${claimMarker(runId, after, stale?.run)}`;
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
