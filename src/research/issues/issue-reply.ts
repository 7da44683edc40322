import { formatCost, type RunCost } from "../../models/pricing.ts";
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
 * its own and never starts with a character that would open a heading or a table.
 */
export function replyBody(outcome: IssueOutcome, runId: string, intakeLabel: string): string {
  return `${replyText(outcome, intakeLabel)}\n\n${outcomeMarker(runId, outcome.kind satisfies OutcomeKind)}`;
}

function replyText(outcome: IssueOutcome, intakeLabel: string): string {
  switch (outcome.kind) {
    case "completed": {
      const cost = outcome.cost ? ` · ${formatCost(outcome.cost)}` : "";
      const summary = outcome.summary.map((line) => `> ${quiet(line)}`).join("\n");
      return [
        `✅ Explored: [${outcome.path}](${outcome.url})`,
        ...(summary ? ["", summary] : []),
        "",
        `Cites ${outcome.citedSources} of ${outcome.sources} sources${cost}`,
      ].join("\n");
    }
    case "duplicate":
      return `♻️ Already explored: [${outcome.path}](${outcome.url}). This idea matches earlier research, so it was not explored again; to add to it, run \`idea-explorer explore --update\` with the same idea.`;
    case "failed":
      return `⚠️ The exploration failed: ${quiet(outcome.message)}\n\nNothing was committed. Put the \`${intakeLabel}\` label back on this issue to try again.`;
  }
}

/**
 * Model text and error messages must not notify anyone: "@name" and "#123" would mention a user
 * or link another issue from the answer. A zero-width space after the sign keeps them as text.
 */
function quiet(text: string): string {
  return text.replace(/([@#])(?=[\w-])/g, "$1\u200b");
}
