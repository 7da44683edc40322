import type { RefreshPromptInput } from "../../prompts/refresh-instructions.ts";
import { reportHeadings } from "../report-headings.ts";
import { parseResearch } from "../research-document.ts";
import { lastResearched } from "./last-researched.ts";

/**
 * What a refresh's prompt needs from the research it refreshes: since when to look for changes
 * (the latest of its date, update and refreshes) and its What changed heading, in the language
 * the update is written in.
 */
export function refreshContext(
  previous: { content: string } | undefined,
  /** The language this run writes in (the plan's), which wins over the document's. */
  language?: string,
): Omit<RefreshPromptInput, "mode"> {
  const doc = previous ? parseResearch(previous.content) : undefined;
  return {
    since: doc ? lastResearched(doc.frontmatter) : undefined,
    heading: reportHeadings(language ?? doc?.frontmatter.language).whatChanged,
  };
}
