import { citationMarker } from "../citations/citation-syntax.ts";
import { escapeText } from "../publish/escape-text.ts";
import { reportHeadings } from "../report-headings.ts";
import type { ClaimCheck } from "./claim-checks.ts";

/** The English heading; a document in another language has its own (checksHeading). */
export const CHECKS_HEADING = "## Checks";

/** "## Checks" in the document's language. */
export function checksHeading(language?: string): string {
  return `## ${reportHeadings(language).checks}`;
}

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
export function checkItem({ check, number, unsupported }: FailedCheck, language?: string): string {
  const words = reportHeadings(language);
  const missing = check.missing.join(", ");
  const reasons = [
    ...(check.outcome === "not_found"
      ? [check.passage === undefined ? words.noPassage(missing) : words.notInSource(missing)]
      : []),
    ...(unsupported ? [words.unsupported(unsupported.reason)] : []),
  ];
  const sentence = escapeText(check.sentence, BEFORE_MARKER);
  return `- “${sentence}” ${citationMarker(number, check.url)} — ${escapeText(reasons.join("; "), AS_TEXT)}`;
}

/** research.md's last section, listing the items, in the document's language; "" without any. */
export function renderChecksSection(items: readonly string[], language?: string): string {
  if (!items.length) return "";
  return `${checksHeading(language)}\n\n${reportHeadings(language).checksIntro}\n\n${items.join("\n")}\n`;
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
