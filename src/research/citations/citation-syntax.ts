import { CITATION_PLACEHOLDER_TEXT } from "../../agent/citation-placeholder.ts";

// How citations are spelled in a report's Markdown, in one place for the code that writes them
// and the code that reads them back.

/** An http(s) link target; balanced parentheses allowed, as in Wikipedia's "Mercury_(planet)". */
const URL = String.raw`https?:\/\/(?:[^\s()]|\([^\s()]*\))+`;
/** Link text with one level of brackets, so "[[1]](url)" and "[[cite]](url)" read as links. */
const LINK_TEXT = String.raw`(?:[^[\]\n]|\[[^[\]\n]*\])*`;
const PLACEHOLDER = String.raw`\[${CITATION_PLACEHOLDER_TEXT.replace(/[[\]]/g, "\\$&")}\]\((${URL})\)`;

/** A Markdown link to a web page, `[text](url)`: groups text and url. */
export const MARKDOWN_LINK = new RegExp(String.raw`\[(${LINK_TEXT})\]\((${URL})\)`, "g");

/** Citation placeholders side by side: one run becomes one group of markers, "[1][3]". */
export const PLACEHOLDER_RUN = new RegExp(`(?:${PLACEHOLDER})+`, "g");

/** The cited URLs of one placeholder run, in order, repeats included. */
export function placeholderUrls(run: string): string[] {
  return [...run.matchAll(new RegExp(PLACEHOLDER, "g"))].map((m) => m[1]!);
}

/**
 * A numbered citation as research.md holds it. The inline link form renders as a visible "[n]"
 * that opens the page, on GitHub and in the web page alike; a reference-style "[n]" would
 * render without its brackets.
 */
export function citationMarker(n: number, url: string): string {
  return `[[${n}]](${url})`;
}

/** The URLs a stored report's numbered markers point at, in order, repeats included. */
export function markerUrls(body: string): string[] {
  return [...body.matchAll(new RegExp(String.raw`\[\[\d+\]\]\((${URL})\)`, "g"))].map((m) => m[1]!);
}
