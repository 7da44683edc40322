import type { RefreshPromptInput } from "../../prompts/refresh-instructions.ts";
import { reportHeadings } from "../report-headings.ts";
import { parseResearch } from "../research-document.ts";
import { lastResearched } from "./last-researched.ts";

/**
 * What a refresh's prompt needs from the research it refreshes: since when to look for changes
 * (the latest of its date, update and refreshes) and its What changed heading, in its language.
 */
export function refreshContext(
  previous: { content: string } | undefined,
): Omit<RefreshPromptInput, "mode"> {
  const doc = previous ? parseResearch(previous.content) : undefined;
  const language = (doc?.frontmatter as { language?: unknown } | undefined)?.language;
  return {
    since: doc ? lastResearched(doc.frontmatter) : undefined,
    heading: reportHeadings(typeof language === "string" ? language : undefined).whatChanged,
  };
}
