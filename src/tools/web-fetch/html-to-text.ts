import { decodeAttribute, decodeEntities } from "../../search/html-entities.ts";
import { type HtmlToken, tokenizeHtml, VOID_ELEMENTS } from "./html-tokens.ts";

export interface PageText {
  /** The <title>, else the first heading, else "". */
  title: string;
  /** Readable text: "#" headings, "- " list items, [text](url) links, blank lines between blocks. */
  text: string;
  /** Who wrote it, when the page says (a byline, meta author or JSON-LD author). */
  byline?: string;
  /** When it was published, as an ISO 8601 date or date-time, when the page says. */
  published?: string;
  /** The site's own name (og:site_name, JSON-LD publisher), when the page says. */
  site?: string;
  /**
   * "article": `text` is the page's main content (Readability, past the gate); "page": the whole
   * page's text (asked for, not an article, or too hostile to parse). Set for HTML only.
   */
  extraction?: "article" | "page";
}

/** Never read as text: code, styling, navigation chrome, embedded objects and form controls. */
const SKIPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "canvas",
  "iframe",
  "object",
  "embed",
  "nav",
  "select",
  "button",
  "noembed",
  "noframes",
  "textarea",
]);
const BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "caption",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "header",
  "hgroup",
  "html",
  "li",
  "main",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "tfoot",
  "thead",
  "tr",
  "ul",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "legend",
  "center",
]);

const OUTER = new Set(["html", "body", "main"]);

type BlockKind = "paragraph" | "heading" | "item" | "row" | "pre";

/**
 * The readable text of an HTML page, for a model to read: skipped elements (scripts, styles,
 * navigation, hidden elements) are dropped with everything inside them; headings, paragraphs,
 * list items, table rows and preformatted text keep their shape; whitespace is collapsed.
 * `base` resolves relative links; only http(s) links are kept as [text](url).
 */
export function htmlToText(html: string, base: URL): PageText {
  const out = new TextBuilder();
  let title: string | undefined;
  let firstHeading: string | undefined;
  let skipping: { name: string; depth: number } | undefined;
  let inTitle = false;
  const lists: { ordered: boolean; count: number }[] = [];
  const links: { href: string | undefined; start: number; block: number }[] = [];

  for (const token of tokenizeHtml(html)) {
    if (skipping) {
      if (token.type === "open" && token.name === skipping.name && !token.selfClosing)
        skipping.depth++;
      if (token.type === "close" && token.name === skipping.name && --skipping.depth === 0)
        skipping = undefined;
      continue;
    }
    if (token.type === "text") {
      if (inTitle) title ??= collapse(decodeEntities(token.text)).trim();
      else out.append(decodeEntities(token.text));
      continue;
    }
    const { name } = token;
    if (name === "title") {
      inTitle = token.type === "open" && !token.selfClosing;
      continue;
    }
    if (
      token.type === "open" &&
      isSkipped(token) &&
      !token.selfClosing &&
      !VOID_ELEMENTS.has(name)
    ) {
      skipping = { name, depth: 1 };
      continue;
    }
    if (token.type === "open") {
      if (name === "br") out.lineBreak();
      else if (name === "a") {
        const href = linkTarget(token.attributes.get("href"), base);
        links.push({ href, start: out.length, block: out.generation });
      } else if (name === "td" || name === "th") out.cell();
      else if (name === "ul" || name === "ol") {
        out.endBlock();
        lists.push({ ordered: name === "ol", count: 0 });
      } else if (name === "pre") out.startBlock("pre");
      else if (BLOCKS.has(name)) out.startBlock(blockKind(name));
      if (/^h[1-6]$/.test(name)) out.prefix(`${"#".repeat(Number(name[1]))} `);
      if (name === "li") out.prefix(listMarker(lists));
      continue;
    }
    if (name === "a") {
      const link = links.pop();
      if (link?.href && link.block === out.generation) out.linkTo(link.start, link.href);
    } else if (name === "ul" || name === "ol") {
      lists.pop();
      out.endBlock();
    } else if (BLOCKS.has(name)) {
      const text = out.endBlock();
      if (/^h[1-6]$/.test(name) && text) firstHeading ??= text;
    }
  }
  out.endBlock();
  return { title: title || firstHeading || "", text: out.text() };
}

/** Hidden by attribute too, except the page's outer containers (a modal may hide them for a while). */
function isSkipped(token: HtmlToken & { type: "open" }): boolean {
  if (SKIPPED.has(token.name)) return true;
  if (OUTER.has(token.name)) return false;
  return token.attributes.has("hidden") || token.attributes.get("aria-hidden") === "true";
}

function blockKind(name: string): BlockKind {
  if (/^h[1-6]$/.test(name)) return "heading";
  if (name === "li" || name === "dt" || name === "dd") return "item";
  if (name === "tr") return "row";
  return "paragraph";
}

function listMarker(lists: { ordered: boolean; count: number }[]): string {
  const list = lists.at(-1);
  const indent = "  ".repeat(Math.max(lists.length - 1, 0));
  if (!list?.ordered) return `${indent}- `;
  list.count++;
  return `${indent}${list.count}. `;
}

function linkTarget(href: string | undefined, base: URL): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(decodeAttribute(href.trim()), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    // A link back into the same page adds nothing for a reader.
    if (url.href.split("#")[0] === base.href.split("#")[0] && url.hash) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

function collapse(text: string): string {
  return text.replace(/[\s\u00a0]+/g, " ");
}

/** Accumulates the current block's inline text, and the finished blocks. */
class TextBuilder {
  #blocks: { kind: BlockKind; text: string }[] = [];
  #kind: BlockKind = "paragraph";
  #inline = "";
  /** A heading's "# " or a list item's indented marker, put before the block's text. */
  #lead = "";
  /** Bumped whenever the inline text restarts, so a pending link knows its start is stale. */
  generation = 0;

  get length(): number {
    return this.#inline.length;
  }

  append(text: string): void {
    const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, "");
    if (this.#kind === "pre") {
      this.#inline += clean;
      return;
    }
    const piece = collapse(clean);
    this.#inline +=
      this.#inline === "" || /[ \n]$/.test(this.#inline) ? piece.replace(/^ /, "") : piece;
  }

  prefix(marker: string): void {
    this.#lead = marker;
  }

  lineBreak(): void {
    this.#inline += "\n";
  }

  cell(): void {
    if (this.#inline.trim()) this.#inline = `${this.#inline.trimEnd()} | `;
  }

  linkTo(start: number, href: string): void {
    const label = collapse(this.#inline.slice(start)).trim();
    if (!label || label === href) return;
    const before = this.#inline.slice(0, start);
    const trailing = /\s$/.test(this.#inline) ? " " : "";
    this.#inline = `${before}[${label}](${href})${trailing}`;
  }

  startBlock(kind: BlockKind): void {
    this.endBlock();
    this.#kind = kind;
  }

  /** Ends the current block; returns its text ("" when it was empty). */
  endBlock(): string {
    const kind = this.#kind;
    const text =
      kind === "pre"
        ? this.#inline.replace(/^\n/, "").trimEnd()
        : this.#inline
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean)
            .join("\n")
            .replace(/ \|$/, "");
    if (text) {
      this.#blocks.push({
        kind,
        text: kind === "pre" ? `\`\`\`\n${text}\n\`\`\`` : this.#lead + text,
      });
    }
    this.#lead = "";
    this.#inline = "";
    this.#kind = "paragraph";
    this.generation++;
    return text;
  }

  text(): string {
    let out = "";
    let previous: BlockKind | undefined;
    for (const block of this.#blocks) {
      if (previous)
        out +=
          previous === block.kind && (block.kind === "item" || block.kind === "row")
            ? "\n"
            : "\n\n";
      out += block.text;
      previous = block.kind;
    }
    return out;
  }
}
