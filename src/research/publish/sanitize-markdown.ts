import { Lexer, type Token, type Tokens } from "marked";
import type { Atom } from "./atom.ts";
import { codeBlock } from "./code-syntax.ts";
import { inlineAtoms } from "./inline-atoms.ts";
import type { LinkPolicy } from "./link-policy.ts";
import { type Removal, RemovalList } from "./removals.ts";
import type { SanitizeContext } from "./sanitize-context.ts";
import { serializeInline } from "./serialize-inline.ts";

export interface Sanitized {
  text: string;
  removed: Removal[];
}

/**
 * Markdown rebuilt from its syntax tree (marked's lexer, GFM) so that only what can be named
 * survives: text, headings, paragraphs, emphasis, lists, tables, block quotes, code, breaks, and
 * links the policy turns into citations of retrieved pages. Other links keep only their text,
 * images their alt text, raw HTML shows as text, reference definitions go; every text is escaped
 * so no renderer can read a link, image or HTML into it (see escapeText), and URL-like text that
 * some renderer would link on its own is cited or removed (see resolveUrlText). What was removed
 * is listed. The output is its own fixed point: sanitizing it again changes nothing.
 *
 * Regular expressions cannot do this: CommonMark has many spellings of a link (titles, "<...>"
 * targets, reference definitions, autolinks, entities in the target, nested brackets), and
 * whatever a pattern misses, a renderer still reads.
 */
export function sanitizeMarkdown(markdown: string, policy: LinkPolicy): Sanitized {
  const ctx: SanitizeContext = { policy, removals: new RemovalList() };
  const text = blocks(Lexer.lex(markdown.replace(/\r\n?/g, "\n"), { gfm: true }), ctx);
  return { text, removed: ctx.removals.list() };
}

/** One line of plain inline Markdown (a summary line, an error message): no block can open. */
export function sanitizeLine(line: string, policy: LinkPolicy): Sanitized {
  const ctx: SanitizeContext = { policy, removals: new RemovalList() };
  const tokens = Lexer.lexInline(line.replace(/\s+/g, " "), { gfm: true });
  const text = serializeInline(inlineAtoms(tokens, ctx), PARAGRAPH_LINE, ctx);
  return { text, removed: ctx.removals.list() };
}

const PARAGRAPH = { atLineStart: true, singleLine: false, inTable: false };
const PARAGRAPH_LINE = { atLineStart: true, singleLine: true, inTable: false };
const HEADING = { atLineStart: false, singleLine: true, inTable: false };
const CELL = { atLineStart: false, singleLine: true, inTable: true };

/**
 * Blocks joined by `separator`, or by a single newline where the source had no blank line and
 * none is needed (a heading's next block, a list right under a paragraph), so a report keeps
 * its layout.
 */
function blocks(tokens: readonly Token[], ctx: SanitizeContext, separator = "\n\n"): string {
  let out = "";
  let previous: { type: string; list?: { ordered: boolean; alternate: boolean } } | undefined;
  let blankLine = false;
  for (const token of tokens) {
    if (token.type === "space") {
      blankLine = true;
      continue;
    }
    let written: string | undefined;
    let list: { ordered: boolean; alternate: boolean } | undefined;
    if (token.type === "list") {
      const { ordered } = token as Tokens.List;
      // Two lists in a row with the same marker would be read back as one.
      const alternate =
        previous?.list !== undefined &&
        previous.list.ordered === ordered &&
        !previous.list.alternate;
      written = listBlock(token as Tokens.List, alternate, ctx);
      list = { ordered, alternate };
    } else {
      written = block(token, ctx);
    }
    if (written === undefined || written.trim() === "") continue;
    const tight = !blankLine && previous !== undefined && joinsTightly(previous.type, token);
    out += previous === undefined ? written : `${tight ? "\n" : separator}${written}`;
    previous = { type: token.type, ...(list ? { list } : {}) };
    blankLine = false;
  }
  return out;
}

/** Whether `next` may follow a block of type `previous` on the very next line. */
function joinsTightly(previous: string, next: Token): boolean {
  if (previous === "heading") return true;
  if (previous !== "paragraph" && previous !== "text") return false;
  if (next.type !== "list") return false;
  // Only a bullet list, or one numbered from 1, may interrupt a paragraph.
  const list = next as Tokens.List;
  return !list.ordered || list.start === 1;
}

function block(token: Token, ctx: SanitizeContext): string | undefined {
  const t = token as Tokens.Generic;
  switch (t.type) {
    case "space":
      return undefined;
    case "paragraph":
      return inline(t.tokens ?? [], PARAGRAPH, ctx);
    case "text":
      return inline(t.tokens ?? [{ type: "text", raw: t.raw, text: t.text }], PARAGRAPH, ctx);
    case "heading":
      return heading(token as Tokens.Heading, ctx);
    case "code":
      return codeBlock(t.text, t.codeBlockStyle === "indented" ? undefined : t.lang);
    case "table":
      return table(token as Tokens.Table, ctx);
    case "blockquote":
      return quoted(blocks(t.tokens ?? [], ctx));
    case "hr":
      // Not "---": joined under a line of text in a tight list item it would underline a heading.
      return "***";
    case "html":
      // Raw HTML (comments, <details>, <img>, CDATA...) is shown as the text it is.
      ctx.removals.add("html", t.raw);
      return inline([], PARAGRAPH, ctx, [{ text: t.raw.replace(/\n+$/, "") }]);
    case "def":
      ctx.removals.add("reference", `[${t.tag}]: ${t.href}`);
      return undefined;
    case "checkbox":
      return undefined;
    default:
      return inline([], PARAGRAPH, ctx, [{ text: t.raw ?? "" }]);
  }
}

function inline(
  tokens: readonly Token[],
  place: typeof PARAGRAPH,
  ctx: SanitizeContext,
  atoms: Atom[] = inlineAtoms(tokens, ctx),
): string {
  return serializeInline(atoms, place, ctx);
}

function heading(token: Tokens.Heading, ctx: SanitizeContext): string {
  const marks = "#".repeat(Math.min(6, Math.max(1, token.depth)));
  let text = inline(token.tokens, HEADING, ctx);
  // "Issue #" would lose its "#" as the heading's optional closing sequence.
  text = text.replace(/(^|[ \t])(#+)$/, "$1\\$2");
  return text ? `${marks} ${text}` : marks;
}

function table(token: Tokens.Table, ctx: SanitizeContext): string {
  const width = token.header.length;
  const row = (cells: readonly Tokens.TableCell[]) => {
    const written = Array.from({ length: width }, (_, i) =>
      cells[i] ? inline(cells[i]!.tokens, CELL, ctx) : "",
    );
    return `| ${written.join(" | ")} |`;
  };
  const align = token.align.map((a) =>
    a === "center" ? ":---:" : a === "left" ? ":---" : a === "right" ? "---:" : "---",
  );
  return [row(token.header), `| ${align.join(" | ")} |`, ...token.rows.map(row)].join("\n");
}

function listBlock(list: Tokens.List, alternate: boolean, ctx: SanitizeContext): string {
  const start = typeof list.start === "number" ? Math.min(list.start, 999_999_000) : 1;
  // A line right after a table or a quote would continue it, so such a list is written loose.
  const loose = list.loose || list.items.some((item) => item.loose || continuedBlock(item.tokens));
  const items: string[] = [];
  for (const item of list.items) {
    const tokens = loose ? item.tokens : withLazyLinesInside(item.tokens);
    let content = blocks(tokens, ctx, loose ? "\n\n" : "\n");
    // An empty item cannot stand under a line of text: "-" there underlines a heading.
    if (content.trim() === "") continue;
    // A checkbox makes a task only before text; before a nested list it is the text "[ ]".
    if (item.task && !BLOCK_START.test(content)) {
      content = `[${item.checked ? "x" : " "}] ${content}`;
    }
    const n = start + items.length;
    const marker = list.ordered ? `${n}${alternate ? ")" : "."}` : alternate ? "*" : "-";
    items.push(indentItem(marker, content));
  }
  return items.join(loose ? "\n\n" : "\n");
}

/** What a written block may start with that is not a paragraph's text. */
const BLOCK_START = /^(?:[-*+](?:\s|$)|\d+[.)](?:\s|$)|#|>|```|\||\*\*\*|___)/;

function continuedBlock(tokens: readonly Token[]): boolean {
  const content = tokens.filter((t) => t.type !== "space" && t.type !== "checkbox");
  return content.some(
    (t, i) => (t.type === "table" || t.type === "blockquote") && i < content.length - 1,
  );
}

/**
 * In a tight item, a line of text after a nested list is read (by CommonMark, and by marked once
 * it is written back) as part of the nested list's last item; so it is moved there first.
 */
function withLazyLinesInside(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    const previous = out.findLast((t) => t.type !== "space");
    const lazy = token.type === "text" || token.type === "paragraph" || token.type === "html";
    const last = previous?.type === "list" ? deepestLastItem(previous as Tokens.List) : undefined;
    if (lazy && last) last.tokens = [...last.tokens, token];
    else out.push(token);
  }
  return out;
}

function deepestLastItem(list: Tokens.List): Tokens.ListItem | undefined {
  const item = list.items[list.items.length - 1];
  const inner = item?.tokens[item.tokens.length - 1];
  return inner?.type === "list" ? (deepestLastItem(inner as Tokens.List) ?? item) : item;
}

/** The item's first line after its marker, the rest indented to the item's content column. */
function indentItem(marker: string, content: string): string {
  if (content === "") return marker;
  const pad = " ".repeat(marker.length + 1);
  const [line = "", ...rest] = content.split("\n");
  // "* ***" would read as one thematic break, not an item holding one.
  const first = line === "***" ? "___" : line;
  return [`${marker} ${first}`, ...rest.map((l) => (l === "" ? "" : pad + l))].join("\n");
}

function quoted(content: string): string | undefined {
  if (content.trim() === "") return undefined;
  return content
    .split("\n")
    .map((line) => (line === "" ? ">" : `> ${line}`))
    .join("\n");
}
