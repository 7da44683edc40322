import { escapeText } from "../publish/escape-text.ts";
import { publishedUrl } from "../publish/published-url.ts";
import { reportHeadings } from "../report-headings.ts";
import type { Source } from "../source-links.ts";

/** The English heading; a document in another language has its own (sourcesHeading). */
export const SOURCES_HEADING = "## Sources";

/** "## Sources" in the document's language. */
export function sourcesHeading(language?: string): string {
  return `## ${reportHeadings(language).sources}`;
}

function consultedHeading(language?: string): string {
  return `### ${reportHeadings(language).alsoConsulted}`;
}

/**
 * research.md's closing section: the cited pages numbered as the report's markers number them,
 * then the pages retrieved but never cited, unnumbered, under "Also consulted" (both headings
 * in the document's language). Titles and URLs
 * come from the pages themselves, so a title is escaped as text (it cannot open HTML, a link or an
 * image) and a URL written only in its published form; a page whose URL cannot be published is
 * not listed (publishSources has already taken such pages out, and logged them).
 */
export function renderSourcesSection(
  cited: readonly Source[],
  consulted: readonly Source[],
  language?: string,
) {
  const words = reportHeadings(language);
  // A cited page keeps its number even if it cannot be listed, so the markers still agree.
  const numbered = cited.map((s, i) => `${i + 1}. ${sourceLink(s) ?? words.unlisted}`).join("\n");
  const unnumbered = consulted
    .flatMap((s) => {
      const link = sourceLink(s);
      return link ? [`- ${link}`] : [];
    })
    .join("\n");
  const parts = [
    ...(numbered ? [numbered] : []),
    ...(unnumbered ? [`${consultedHeading(language)}\n\n${unnumbered}`] : []),
  ];
  return `${sourcesHeading(language)}\n\n${parts.length ? parts.join("\n\n") : words.noSources}\n`;
}

/**
 * The section's two lists as written. A file in the earlier format has one numbered list of
 * every retrieved page; which of them the report cites is for its body to say.
 */
export function parseSourcesSection(
  section: string,
  language?: string,
): { numbered: Source[]; consulted: Source[] } {
  const at = section.indexOf(`\n${consultedHeading(language)}\n`);
  const head = at >= 0 ? section.slice(0, at) : section;
  return {
    numbered: linesOf(head, /^\d+\.\s+/),
    consulted: at >= 0 ? linesOf(section.slice(at), /^[-*]\s+/) : [],
  };
}

function linesOf(list: string, bullet: RegExp): Source[] {
  const entry = new RegExp(`${bullet.source}\\[((?:\\\\.|[^\\]\\\\])*)\\]\\((\\S+)\\)\\s*$`, "gm");
  return [...list.matchAll(entry)].map((m) => ({
    // Every backslash escape of ASCII punctuation, as escapeText writes them (and as files of the
    // earlier format wrote brackets and backslashes).
    title: (m[1] ?? "").replace(/\\([!-/:-@[-`{-~])/g, "$1"),
    url: m[2] ?? "",
  }));
}

const IN_LINK_TEXT = { atLineStart: false, singleLine: true, beforeSyntax: false };

function sourceLink(source: Source): string | undefined {
  const url = publishedUrl(source.url);
  if (url === undefined) return undefined;
  // Inside link text no renderer links a URL, so the title needs escaping only.
  const title = escapeText(source.title, IN_LINK_TEXT) || escapeText(url, IN_LINK_TEXT);
  return `[${title}](${url})`;
}
