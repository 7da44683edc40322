import { citationMarker } from "../citations/citation-syntax.ts";
import { escapeText } from "../publish/escape-text.ts";
import type { ClaimCheck } from "./claim-checks.ts";

export const CHECKS_HEADING = "## Checks";
const INTRO =
  "Figures or quotes in these sentences were not found in the passage of the source they cite. Nothing was removed from the report; check them against the source before relying on them.";

const AS_TEXT = { atLineStart: false, singleLine: true, beforeSyntax: false };
const BEFORE_MARKER = { ...AS_TEXT, beforeSyntax: true };

/** A citation the checks did not confirm, with its source's number in the document. */
export interface FailedCheck {
  check: Pick<ClaimCheck, "sentence" | "url" | "outcome" | "missing" | "passage">;
  number: number;
  /** The check model's verdict, when it judged the passage does not support the sentence. */
  unsupported?: { reason?: string };
}

/**
 * One list item: the sentence in curly quotes, its numbered marker, and why it is listed. The
 * sentence and reasons are text from the web: escaped, so they can only ever read as text.
 */
export function checkItem({ check, number, unsupported }: FailedCheck): string {
  const reasons = [
    ...(check.outcome === "not_found"
      ? [
          check.passage === undefined
            ? `no passage of the source was retrieved to check ${check.missing.join(", ")}`
            : `not in the source: ${check.missing.join(", ")}`,
        ]
      : []),
    ...(unsupported
      ? [
          `the check model judged that the source does not support it${unsupported.reason ? `: ${unsupported.reason}` : ""}`,
        ]
      : []),
  ];
  const sentence = escapeText(check.sentence, BEFORE_MARKER);
  return `- “${sentence}” ${citationMarker(number, check.url)} — ${escapeText(reasons.join("; "), AS_TEXT)}`;
}

/** research.md's last section, listing the items; "" without any. */
export function renderChecksSection(items: readonly string[]): string {
  return items.length ? `${CHECKS_HEADING}\n\n${INTRO}\n\n${items.join("\n")}\n` : "";
}

/** The most items a Checks section keeps: a hand-made file with more lists only the first. */
export const MAX_CHECK_ITEMS = 500;

/** The list items of a Checks section as written (an update keeps them and adds its own). */
export function parseCheckItems(section: string): string[] {
  return section
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .slice(0, MAX_CHECK_ITEMS);
}
