import { decodeAttribute } from "../../search/html-entities.ts";
import { tokenizeHtml } from "./html-tokens.ts";

export interface PageMetadata {
  /** Who wrote it, when the page says. */
  byline?: string;
  /** When it was published, as an ISO 8601 date or date-time. */
  published?: string;
  /** The site's own name (og:site_name, JSON-LD publisher). */
  site?: string;
}

const MAX_JSON_LD_CHARS = 200_000;

/**
 * What a page's markup says about itself, read from the token stream in one linear pass (no
 * DOM, so it also serves pages too large or too hostile for Readability): `<meta>` tags
 * (article:published_time, og:site_name, author), JSON-LD (datePublished, author, publisher)
 * and, for the date only, the first `<time datetime>`.
 */
export function readPageMetadata(html: string): PageMetadata {
  const meta = new Map<string, string>();
  const jsonLd: Record<string, string> = {};
  let firstTime: string | undefined;
  let inJsonLd = false;
  for (const token of tokenizeHtml(html)) {
    if (token.type === "open") {
      const { name, attributes } = token;
      if (name === "meta") {
        const key = (attributes.get("property") ?? attributes.get("name") ?? "").toLowerCase();
        const content = attributes.get("content");
        if (key && content && !meta.has(key)) meta.set(key, decodeAttribute(content).trim());
      } else if (name === "time" && firstTime === undefined) {
        firstTime = attributes.get("datetime");
      } else if (name === "script") {
        inJsonLd = (attributes.get("type") ?? "").toLowerCase().includes("ld+json");
      }
    } else if (token.type === "text" && inJsonLd && token.text.length <= MAX_JSON_LD_CHARS) {
      readJsonLd(token.text, jsonLd);
    } else if (token.type === "close" && token.name === "script") {
      inJsonLd = false;
    }
  }
  const author = [jsonLd.author, meta.get("author"), meta.get("article:author")].find(
    (value) => value && !/^https?:\/\//i.test(value),
  );
  const published = isoDate(
    jsonLd.datePublished ??
      meta.get("article:published_time") ??
      meta.get("parsely-pub-date") ??
      (firstTime ? decodeAttribute(firstTime) : undefined),
  );
  const site = meta.get("og:site_name") ?? jsonLd.publisher;
  return {
    ...(author ? { byline: clean(author) } : {}),
    ...(published ? { published } : {}),
    ...(site ? { site: clean(site) } : {}),
  };
}

/** The first datePublished, author name and publisher name in a JSON-LD block (or its @graph). */
function readJsonLd(source: string, into: Record<string, string>): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    return;
  }
  const queue: unknown[] = [parsed];
  for (let i = 0; i < queue.length && i < 200; i++) {
    const node = queue[i];
    if (Array.isArray(node)) {
      queue.push(...node);
      continue;
    }
    if (!node || typeof node !== "object") continue;
    const record = node as Record<string, unknown>;
    if (typeof record.datePublished === "string") into.datePublished ??= record.datePublished;
    const author = nameOf(record.author);
    if (author) into.author ??= author;
    const publisher = nameOf(record.publisher);
    if (publisher) into.publisher ??= publisher;
    if (Array.isArray(record["@graph"])) queue.push(...record["@graph"]);
  }
}

function nameOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  const first = Array.isArray(value) ? value[0] : value;
  if (first && typeof first === "object") {
    const name = (first as { name?: unknown }).name;
    if (typeof name === "string") return name;
  }
  return typeof first === "string" ? first : undefined;
}

/**
 * An ISO 8601 form of a date a page gives: a date alone stays a date ("2024-03-05"); anything
 * else that parses as a date-time becomes UTC ("2024-03-05T09:30:00.000Z"); otherwise nothing.
 */
export function isoDate(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const time = Date.parse(text);
  if (Number.isNaN(time)) return undefined;
  return new Date(time).toISOString();
}

function clean(text: string): string {
  return text.replace(/\s+/g, " ").trim().slice(0, 200);
}
