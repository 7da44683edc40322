import { acceptsArticle } from "./article-gate.ts";
import { htmlToText, type PageText } from "./html-to-text.ts";
import type { readArticle } from "./main-content.ts";
import { isoDate, readPageMetadata } from "./page-metadata.ts";

export type PageKind = "html" | "text" | "json";

/**
 * What a Content-Type header says the body is: HTML, text or JSON are read; anything else
 * (PDF, images, archives, octet-stream) is refused before it is downloaded. `undefined` when
 * the header is missing and the body must be sniffed.
 */
export function kindOfContentType(header: string | undefined): PageKind | "refused" | undefined {
  const type = mediaType(header);
  if (!type) return undefined;
  if (type === "text/html" || type === "application/xhtml+xml") return "html";
  if (type === "application/json" || type.endsWith("+json")) return "json";
  if (type.startsWith("text/")) return "text";
  return "refused";
}

export function mediaType(header: string | undefined): string {
  return (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** For a body without a Content-Type: markup, JSON, text, or (with NUL or many controls) binary. */
export function sniffKind(body: Buffer): PageKind | "refused" {
  const head = body.subarray(0, 1024);
  if (head.includes(0)) return "refused";
  const controls = [...head].filter((b) => b < 0x09 || (b > 0x0d && b < 0x20)).length;
  if (controls > head.length / 10) return "refused";
  const start = head
    .toString("latin1")
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, "")
    .trimStart()
    .toLowerCase();
  if (/^<(!doctype html|html|head|body)[\s>]/.test(start)) return "html";
  if (start.startsWith("{") || start.startsWith("[")) return "json";
  return "text";
}

/** The body as text, in the charset the header or (for HTML) a <meta> names; UTF-8 otherwise. */
export function decodeBody(body: Buffer, contentType: string | undefined, kind: PageKind): string {
  const label =
    charsetOf(contentType) ?? (kind === "html" ? metaCharset(body) : undefined) ?? "utf-8";
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

function charsetOf(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
}

function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 2048).toString("latin1");
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
}

export interface PageTextOptions {
  /** The whole page's text, not only its main content (web_fetch's `full: true`). */
  full?: boolean;
}

/**
 * Readable text and a title for each kind; JSON is pretty-printed when it parses. An HTML page
 * that reads as an article gives its main content (see readArticle and acceptsArticle), anything
 * else, or `full`, the whole page's text; either way with its byline, date and site when known.
 */
export async function pageText(
  source: string,
  kind: PageKind,
  url: URL,
  options: PageTextOptions = {},
): Promise<PageText> {
  if (kind === "html")
    return htmlPageText(source, url, options, options.full ? undefined : await articleReader());
  if (kind === "json") {
    try {
      return { title: "", text: JSON.stringify(JSON.parse(source), null, 2) };
    } catch {
      // A truncated or malformed body is still worth reading as text.
      return { title: "", text: source.trim() };
    }
  }
  return { title: "", text: source.replace(/\r\n?/g, "\n").trim() };
}

/**
 * Readability and linkedom, loaded on the first page that wants its main content: about a tenth
 * of a command's start-up, which a run that reads no page (or `--dry-run`) never pays.
 */
let loading: Promise<typeof readArticle> | undefined;
function articleReader(): Promise<typeof readArticle> {
  loading ??= import("./main-content.ts").then((module) => module.readArticle);
  return loading;
}

function htmlPageText(
  source: string,
  url: URL,
  options: PageTextOptions,
  read: typeof readArticle | undefined,
): PageText {
  const page = htmlToText(source, url);
  const metadata = readPageMetadata(source);
  const found = options.full || !read ? undefined : read(source);
  const article = found && "article" in found ? found.article : undefined;
  const articleText = article ? htmlToText(article.html, url).text : "";
  const accepted = article !== undefined && acceptsArticle(articleText, page.text);
  // Readability's metadata comes from the same tags, plus a byline it finds in the article's
  // markup: kept only when its article is, since on other pages that guess is often a menu.
  const byline = (accepted ? article?.byline : undefined) ?? metadata.byline;
  const published = isoDate(article?.published) ?? metadata.published;
  const site = article?.site ?? metadata.site;
  return {
    title: page.title,
    text: accepted ? articleText : page.text,
    ...(byline ? { byline } : {}),
    ...(published ? { published } : {}),
    ...(site ? { site } : {}),
    extraction: accepted ? "article" : "page",
  };
}
