import { formatCost, type RunCost } from "../../models/pricing.ts";
import { escapeText } from "../publish/escape-text.ts";
import { NO_LINKS } from "../publish/link-policy.ts";
import { publishedUrl } from "../publish/published-url.ts";
import { sanitizeLine } from "../publish/sanitize-markdown.ts";
import { type OutcomeKind, outcomeMarker } from "./issue-markers.ts";

/** How an issue's exploration ended, as its answer comment tells it. */
export type IssueOutcome =
  | {
      kind: "completed";
      /** research.md's repository path and its web address. */
      path: string;
      url: string;
      /** The verdict or the directions, at most three lines. */
      summary: string[];
      citedSources: number;
      sources: number;
      cost?: RunCost | undefined;
    }
  | { kind: "duplicate"; path: string; url: string }
  | { kind: "failed"; message: string };

/**
 * The comment that answers an issue, ending with the run's hidden outcome marker so a resumed
 * run finds it instead of answering twice. Text from the model or an error is kept on lines of
 * its own, rebuilt as plain text (no link, image or raw HTML: GitHub loads an image in a comment,
 * query string and all, as soon as anyone reads it) and never starts with a character that would
 * open a heading or a table. The only link is the product's own, to the research file.
 */
export function replyBody(outcome: IssueOutcome, runId: string, intakeLabel: string): string {
  return `${replyText(outcome, intakeLabel)}\n\n${outcomeMarker(runId, outcome.kind satisfies OutcomeKind)}`;
}

function replyText(outcome: IssueOutcome, intakeLabel: string): string {
  switch (outcome.kind) {
    case "completed": {
      const cost = outcome.cost ? ` · ${formatCost(outcome.cost)}` : "";
      const summary = outcome.summary.map((line) => `> ${plain(line)}`).join("\n");
      return [
        `✅ Explored: ${fileLink(outcome.path, outcome.url)}`,
        ...(summary ? ["", summary] : []),
        "",
        `Cites ${outcome.citedSources} of ${outcome.sources} sources${cost}`,
      ].join("\n");
    }
    case "duplicate":
      return `♻️ Already explored: ${fileLink(outcome.path, outcome.url)}. This idea matches earlier research, so it was not explored again; to add to it, run \`idea-explorer explore --update\` with the same idea.`;
    case "failed":
      return `⚠️ The exploration failed: ${plain(outcome.message)}\n\nNothing was committed. Put the \`${intakeLabel}\` label back on this issue to try again.`;
  }
}

/** Model text or an error message as one line of plain text that notifies nobody. */
function plain(text: string): string {
  return quiet(sanitizeLine(text, NO_LINKS).text);
}

/** The research file's path as text, linked when its address can be published. */
function fileLink(path: string, url: string): string {
  const text = escapeText(path, { atLineStart: false, singleLine: true, beforeSyntax: false });
  const href = publishedUrl(url);
  return href ? `[${text}](${href})` : text;
}

/**
 * Model text and error messages must not notify anyone or link anywhere through GitHub's own
 * autolinks: "@name" and "@org/team" mention, "#123", "GH-123" and "owner/repo#123" link an
 * issue, and 7 to 40 hex digits link a commit. A zero-width space after the sign (in hex, after
 * every sixth digit, so no run of seven is left) keeps each as the same text to the eye. Only hex with both a digit
 * and a letter is touched, so plain numbers stay copyable.
 */
function quiet(text: string): string {
  return text
    .replace(/([@#])(?=[\w-])/g, "$1\u200b")
    .replace(/\b(GH)-(?=\d)/gi, "$1\u200b-")
    .replace(/\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,}\b/gi, (hex) =>
      hex.replace(/[0-9a-f]{6}(?=[0-9a-f])/gi, "$&\u200b"),
    );
}
