/**
 * research.md's closing "## Checks" section: the sentences whose figures or quotes the cited
 * source does not contain. It follows "## Sources" (and "### Also consulted") as the file's last
 * section, one list item per citation:
 *
 *   - “<sentence as plain text>” [[3]](https://…) — <why>
 *
 * The file quotes the web, so everything read here is untrusted text: it is parsed, never
 * rendered as Markdown, and how much of it is read is bounded (items, line length).
 */
import { checksHeading } from "../../research/checks/checks-section.ts";
import { sourcesHeading } from "../../research/citations/sources-section.ts";

/** Items read from one section; the rest are only counted (research.md still holds them). */
export const MAX_CHECK_ITEMS = 200;
/** A longer line is not an item this product writes: it is shown cut, and not matched. */
const MAX_LINE_CHARS = 4_000;

export interface CheckItem {
  /** The sentence as the report states it (plain text), or undefined for a line not in the form. */
  sentence: string | undefined;
  /** The numbers of the citation markers after the sentence. */
  sources: number[];
  /** Why it is listed, e.g. "not in the source: $4.2 billion, 2025"; a line not in the form whole. */
  reason: string;
}

export interface ChecksSection {
  /** The paragraphs before the list (what the section is for), as plain text. */
  intro: string[];
  items: CheckItem[];
  /** Items past MAX_CHECK_ITEMS, counted only. */
  more: number;
}

/**
 * The report without its Checks section, and the section read; a "## Checks" heading that does
 * not follow the Sources heading is the report's own, and stays in it. Both headings are looked
 * for in the document's `language` (English when absent).
 */
export function splitChecksSection(
  markdown: string,
  language?: string,
): {
  report: string;
  checks: ChecksSection | undefined;
} {
  const text = markdown.replace(/\r\n?/g, "\n");
  const sources = text.lastIndexOf(`\n${sourcesHeading(language)}\n`);
  if (sources < 0) return { report: markdown, checks: undefined };
  const heading = checksHeading(language);
  const at = text.indexOf(`\n${heading}\n`, sources + 1);
  if (at < 0) return { report: markdown, checks: undefined };
  return {
    report: `${text.slice(0, at).trimEnd()}\n`,
    checks: parseChecks(text.slice(at + heading.length + 2)),
  };
}

function parseChecks(section: string): ChecksSection {
  const intro: string[] = [];
  const items: CheckItem[] = [];
  let more = 0;
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length && items.length === 0) intro.push(paragraph.join(" "));
    paragraph = [];
  };
  for (const line of section.split("\n")) {
    if (/^[-*] /.test(line)) {
      endParagraph();
      if (items.length < MAX_CHECK_ITEMS) items.push(parseItem(line.slice(2)));
      else more++;
    } else if (line.trim() === "") endParagraph();
    else if (items.length === 0 && intro.length < 3) paragraph.push(plainText(line.trim()));
  }
  endParagraph();
  return { intro, items, more };
}

// “sentence”, its [[n]](url) markers (a URL may hold balanced parentheses; republishing drops a
// marker whose page the Sources do not list), then " — " and the reason. The sentence keeps its
// own quotes: it ends at the last ” before the markers.
const MARKER = String.raw`\[\[\d{1,6}\]\]\((?:[^()\s]|\([^()\s]*\))*\)`;
const ITEM = new RegExp(String.raw`^“(.*)”\s*((?:${MARKER}\s*)*)—\s*(.*)$`);

function parseItem(line: string): CheckItem {
  const cut = line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line;
  const m = line.length > MAX_LINE_CHARS ? null : ITEM.exec(line);
  if (!m) return { sentence: undefined, sources: [], reason: plainText(cut) };
  const sources = [...(m[2] ?? "").matchAll(/\[\[(\d{1,6})\]\]/g)].map((n) => Number(n[1]));
  return { sentence: plainText(m[1] ?? ""), sources, reason: plainText(m[3] ?? "") };
}

/** Backslash escapes of ASCII punctuation (as escapeText writes them) read as the character. */
function plainText(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/g, "$1").trim();
}
