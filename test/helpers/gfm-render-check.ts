import MarkdownIt from "markdown-it";
import { publishedUrl } from "../../src/research/publish/published-url.ts";
import { sourceKey } from "../../src/research/source-links.ts";

/**
 * A second Markdown parser, not the one that sanitizes (marked): a parser differential is the
 * attack, so published text is judged by how another GFM renderer reads it. markdown-it with raw
 * HTML passed through and bare URLs linked (linkify), tables and strikethrough as in GFM.
 */
const renderer = new MarkdownIt({ html: true, linkify: true });

/** Elements markdown-it makes from Markdown structure itself; any other came from raw HTML. */
const STRUCTURE = new Set([
  "p",
  "a",
  "em",
  "strong",
  "s",
  "code",
  "pre",
  "ul",
  "ol",
  "li",
  "blockquote",
  "hr",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);

export function renderGfm(markdown: string): string {
  return renderer.render(markdown);
}

/**
 * What is wrong with `markdown` as published text, rendered by markdown-it: an image, raw HTML
 * (an element Markdown structure does not make, an attribute on one but href, a comment, CDATA or
 * processing instruction), a link to anything but a page in `retrieved`, or a code block GitHub
 * would draw (Mermaid, maps, models, math). Empty when safe.
 */
export function publishProblems(markdown: string, retrieved: readonly string[]): string[] {
  const html = renderGfm(markdown);
  const allowed = new Set(retrieved.map(key));
  const problems: string[] = [];
  if (/<img\b/i.test(html)) problems.push("an <img> element");
  // GitHub draws these fenced blocks (a Mermaid diagram can hold links and images).
  if (/^\s*(?:`{3,}|~{3,})\s*(?:mermaid|geojson|topojson|stl|math)\b/im.test(markdown)) {
    problems.push("a block GitHub draws instead of showing as code");
  }
  if (/<!--|<!\[CDATA\[|<\?|<!DOCTYPE/i.test(html))
    problems.push("a raw HTML comment or directive");
  for (const [, name = "", attributes = ""] of html.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    if (!STRUCTURE.has(name.toLowerCase())) problems.push(`a raw <${name}> element`);
    for (const [, attribute = ""] of attributes.matchAll(/\s([^\s=>]+)=/g)) {
      // markdown-it writes href on links, class on fenced code, style for table alignment, start
      // on an ordered list that does not begin at 1.
      if (!["href", "class", "style", "start"].includes(attribute)) {
        problems.push(`attribute ${attribute}`);
      }
    }
  }
  for (const [, href = ""] of html.matchAll(/href="([^"]*)"/g)) {
    const url = decodeHtml(href);
    if (!allowed.has(key(url))) problems.push(`a link to ${url}`);
  }
  return problems;
}

/** Every href markdown-it renders in `markdown`, decoded. */
export function renderedHrefs(markdown: string): string[] {
  return [...renderGfm(markdown).matchAll(/href="([^"]*)"/g)].map(([, h = ""]) => decodeHtml(h));
}

function key(url: string): string {
  return sourceKey(publishedUrl(url) ?? `unpublishable:${url}`);
}

function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}
