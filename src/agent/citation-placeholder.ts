/**
 * How the agent hands a provider's native citation (Anthropic web search) to the layers above:
 * a private token right after the text it supports, keyed by the cited page's URL. It is a
 * Markdown link, so a report read as it comes still links its source; the research layer turns
 * each one into the page's numbered marker.
 */
export const CITATION_PLACEHOLDER_TEXT = "[cite]";

export function citationPlaceholder(url: string): string {
  return `[${CITATION_PLACEHOLDER_TEXT}](${linkTarget(url)})`;
}

/**
 * The URL as one Markdown link target that a Markdown parser reads back as the same URL: a page
 * chooses its own URL, and a ")" or a space in it would otherwise end the link early and leave the
 * rest (say "![x](https://tracker.example/p.png)") to be read as Markdown. Tabs and newlines go
 * (URL parsers drop them), other spaces are percent-encoded (as URL parsers encode them), so is
 * the ";" of anything that reads as a character reference ("&lt;" would be read as "<"), and
 * backslashes, angle brackets and parentheses that do not pair up are escaped.
 */
function linkTarget(url: string): string {
  const target = url
    .trim()
    .replace(/[\t\n\r]/g, "")
    .replace(/\s/g, (space) => encodeURIComponent(space))
    .replace(/&(#?[A-Za-z0-9]+);/g, "&$1%3B");
  return target.replace(pairedParentheses(target) ? /[\\<>]/g : /[\\<>()]/g, "\\$&");
}

/**
 * Parentheses that open and close in pairs, none inside another: what a Markdown link target can
 * hold bare (Wikipedia's "Mercury_(planet)"), and what citation-syntax reads back.
 */
export function pairedParentheses(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === "(") depth++;
    else if (char === ")") depth--;
    if (depth < 0 || depth > 1) return false;
  }
  return depth === 0;
}
