import { ConfigError } from "../../config/config-error.ts";
import type { LabelSpec } from "../../store/issue-tracker.ts";

export const DEFAULT_INTAKE_LABEL = "idea";

/** The labels an issue goes through: intake, then processing, then completed or failed. */
export interface IntakeLabels {
  /** Put on an issue to have it explored (issue forms add it); put back to retry a failure. */
  intake: string;
  /** Claimed by a run that is exploring it. */
  processing: string;
  completed: string;
  failed: string;
}

/**
 * The intake label and the three derived from it ("idea" → "idea-processing", "idea-completed",
 * "idea-failed"). GitHub caps label names at 50 characters; a comma would split the listing's
 * `labels` filter into two labels, so it is refused.
 */
export function intakeLabels(
  intake: string = DEFAULT_INTAKE_LABEL,
  name = "--label",
): IntakeLabels {
  const label = intake.trim();
  if (label === "") throw new ConfigError(`${name} must not be empty`);
  if (label.includes(","))
    throw new ConfigError(`${name} must not contain a comma, got "${label}"`);
  if (/[\u0000-\u001f\u007f]/.test(label)) {
    throw new ConfigError(`${name} must not contain control characters`);
  }
  if ([...label].length > 39) {
    throw new ConfigError(
      `${name} must be at most 39 characters (GitHub labels hold 50, with "-processing")`,
    );
  }
  return {
    intake: label,
    processing: `${label}-processing`,
    completed: `${label}-completed`,
    failed: `${label}-failed`,
  };
}

/** How `init github` creates the labels: colours and descriptions people see on GitHub. */
export function labelSpecs(labels: IntakeLabels): LabelSpec[] {
  return [
    { name: labels.intake, color: "1d76db", description: "An idea to explore (idea-explorer)" },
    { name: labels.processing, color: "fbca04", description: "Being explored by idea-explorer" },
    { name: labels.completed, color: "0e8a16", description: "Explored: the research is linked" },
    { name: labels.failed, color: "d93f0b", description: "Exploration failed; relabel to retry" },
  ];
}

/** The labels an issue keeps when the intake sets its end state: everyone else's. */
export function otherLabels(current: readonly string[], labels: IntakeLabels): string[] {
  const ours = new Set(Object.values(labels).map((l) => l.toLowerCase()));
  return current.filter((l) => !ours.has(l.toLowerCase()));
}

export function hasLabel(current: readonly string[], label: string): boolean {
  return current.some((l) => l.toLowerCase() === label.toLowerCase());
}
