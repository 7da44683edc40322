import {
  CITATION_PLACEHOLDER_TEXT,
  citationPlaceholder,
} from "../../agent/citation-placeholder.ts";
import { type Source, sourceKey } from "../source-links.ts";
import { MARKDOWN_LINK } from "./citation-syntax.ts";

const BARE_URL = /(?<![(<[])\bhttps?:\/\/[^\s)\]>]*[^\s)\]>.,;:!?]/g;
/** Link text that only numbers a citation ("[1]", "2"): the marker replaces it. */
const NUMBER_ONLY = /^\[?\d+\]?$/;

/**
 * Leaves a run's report citing only pages a tool retrieved, each citation as a placeholder
 * right after the text it supports: a Markdown link to a retrieved page becomes its text
 * followed by the page's placeholder, a native placeholder stays. A link or placeholder to
 * anything else is reduced to its text and a bare URL no tool returned is dropped, so the report
 * can never cite a page nobody retrieved (invented citations are the most common complaint about
 * research agents). `removed` lists those URLs, first seen first.
 */
export function citeRetrieved(
  report: string,
  retrieved: readonly Source[],
): { text: string; removed: string[] } {
  const allowed = new Set(retrieved.map((s) => sourceKey(s.url)));
  const removed = new Set<string>();
  const isRetrieved = (url: string) => {
    const ok = allowed.has(sourceKey(url));
    if (!ok) removed.add(url);
    return ok;
  };
  const text = report
    .replace(MARKDOWN_LINK, (_, label: string, url: string) => {
      const citationOnly = label === CITATION_PLACEHOLDER_TEXT || NUMBER_ONLY.test(label.trim());
      return `${citationOnly ? "" : label}${isRetrieved(url) ? citationPlaceholder(url) : ""}`;
    })
    .replace(BARE_URL, (url) => (isRetrieved(url) ? url : ""));
  return { text, removed: [...removed] };
}
