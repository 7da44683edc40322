import type { IssueTracker } from "../../store/issue-tracker.ts";
import type { IntakeLabels } from "./intake-labels.ts";
import { parseMarker, untrustedMarker } from "./issue-markers.ts";

/**
 * An issue nobody trusted asked for: it is told once that a maintainer must label it, and its
 * intake label goes, so it waits (no run lists it) until a maintainer puts the label back; that
 * labelling event is then the trusted one. The comment comes first and is looked for before it
 * is written, so a run stopped between the two, a rerun or a redelivered webhook only removes
 * the label. No model is called on this path.
 */
export async function turnAwayUntrusted(
  tracker: IssueTracker,
  issueNumber: number,
  runId: string,
  labels: IntakeLabels,
): Promise<void> {
  const told = (await tracker.comments(issueNumber)).some(
    (c) => c.trusted && parseMarker(c.body)?.type === "untrusted",
  );
  if (!told) {
    await tracker.comment(issueNumber, `${maintainerNeeded(labels)}\n\n${untrustedMarker(runId)}`);
  }
  await tracker.removeLabel(issueNumber, labels.intake);
}

function maintainerNeeded(labels: IntakeLabels): string {
  return [
    "🔒 This idea waits for a maintainer: ideas are explored, at the repository's expense, when an owner, member or collaborator files them or when someone with triage rights labels them.",
    "",
    `A maintainer can start it by putting the \`${labels.intake.replaceAll("`", "'")}\` label back on this issue.`,
  ].join("\n");
}
