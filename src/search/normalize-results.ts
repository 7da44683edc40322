import { toPlainText } from "./plain-text.ts";
import type { SearchResult } from "./search-function.ts";

/** How many results a backend returns unless told otherwise: enough to compare, cheap in tokens. */
export const DEFAULT_MAX_RESULTS = 5;
const MAX_SNIPPET_CHARS = 500;
const MAX_TITLE_CHARS = 200;

/** One hit as a backend reported it, before cleaning; any field may be missing or mistyped. */
export interface RawHit {
  title?: unknown;
  url?: unknown;
  snippet?: unknown;
}

/**
 * Turns a backend's hits into results the tool can trust: http(s) URLs only (a `javascript:` or
 * relative URL would end up as a link in the Sources list), plain-text titles and snippets of
 * bounded length, no duplicate URLs, at most `max` entries. `fromHtml: false` skips tag stripping
 * and entity decoding for text that is already plain (decoding twice would eat a literal "&lt;").
 */
export function normalizeResults(
  hits: readonly RawHit[],
  max: number,
  { fromHtml = true }: { fromHtml?: boolean } = {},
): SearchResult[] {
  const text = fromHtml ? htmlText : plainText;
  const results: SearchResult[] = [];
  const seen = new Set<string>();
  for (const hit of hits) {
    if (results.length >= max) break;
    const url = httpUrl(hit.url);
    if (url === undefined || seen.has(url)) continue;
    seen.add(url);
    const title = truncate(text(hit.title), MAX_TITLE_CHARS) || url;
    results.push({ title, url, snippet: truncate(text(hit.snippet), MAX_SNIPPET_CHARS) });
  }
  return results;
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function htmlText(value: unknown): string {
  return typeof value === "string" ? toPlainText(value) : "";
}

function plainText(value: unknown): string {
  return typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
}

function truncate(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1).trimEnd()}…`;
}

/** A caller's cap, checked once at construction so a typo fails loudly instead of returning 0. */
export function checkMaxResults(value: number | undefined): number {
  const max = value ?? DEFAULT_MAX_RESULTS;
  if (!Number.isInteger(max) || max < 1 || max > 50) {
    throw new RangeError(`maxResults must be an integer from 1 to 50 (got ${max})`);
  }
  return max;
}
