/**
 * How the agent hands a provider's native citation (Anthropic web search) to the layers above:
 * a private token right after the text it supports, keyed by the cited page's URL. It is a
 * Markdown link, so a report read as it comes still links its source; the research layer turns
 * each one into the page's numbered marker.
 */
export const CITATION_PLACEHOLDER_TEXT = "[cite]";

export function citationPlaceholder(url: string): string {
  return `[${CITATION_PLACEHOLDER_TEXT}](${url})`;
}
