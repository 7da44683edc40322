import type { ResearchMode } from "../config/explore-request.ts";

export interface RefreshPromptInput {
  mode: ResearchMode;
  /** YYYY-MM-DD: when the research was last done (its date, last update or refresh). */
  since: string | undefined;
  /** The first section's heading, in the document's language ("What changed"). */
  heading: string;
}

/**
 * What a refresh asks in place of a plain update's task: look for what changed since the last
 * research, and say it first, in a fixed shape a reader can scan (the product also moves that
 * section to the front if the model does not). The closing verdict is asked for even when it
 * holds, so the log can record the verdict after the refresh.
 */
export function refreshTask({ mode, since, heading }: RefreshPromptInput): string {
  const when = since ? `since ${since}, when it was last researched` : "since it was written";
  const verdict =
    mode === "business"
      ? 'whether the verdict changed and why. End with a level-2 "Verdict" section in the same ' +
        "form as the task asks (the verdict in bold on its own line), even when it did not change"
      : "whether the set of directions changed (a direction that opened, one that closed) and why";
  return [
    `This run REFRESHES it: find out what changed ${when}. Search for what is new: ` +
      "competitors that appeared or closed, prices, figures, funding, regulations and events.",
    `Start the report, right after its title, with a level-2 section headed exactly "${heading}" ` +
      "that lists: competitors and facts that are new, and those that are gone; figures that " +
      "moved, each written as old value → new value with the citation of the page that gives " +
      `the new value; and ${verdict}.`,
    "After it, write only the sections whose content changed; where nothing changed, say so in " +
      "one line instead of repeating the earlier research.",
  ].join("\n");
}
