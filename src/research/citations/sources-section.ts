import type { Source } from "../source-links.ts";

export const SOURCES_HEADING = "## Sources";
const CONSULTED_HEADING = "### Also consulted";
const NO_SOURCES_LINE = "_No web pages were retrieved for this research._";

/**
 * research.md's closing section: the cited pages numbered as the report's markers number them,
 * then the pages retrieved but never cited, unnumbered, under "Also consulted".
 */
export function renderSourcesSection(cited: readonly Source[], consulted: readonly Source[]) {
  const numbered = cited.map((s, i) => `${i + 1}. ${sourceLink(s)}`).join("\n");
  const unnumbered = consulted.map((s) => `- ${sourceLink(s)}`).join("\n");
  const parts = [
    ...(numbered ? [numbered] : []),
    ...(unnumbered ? [`${CONSULTED_HEADING}\n\n${unnumbered}`] : []),
  ];
  return `${SOURCES_HEADING}\n\n${parts.length ? parts.join("\n\n") : NO_SOURCES_LINE}\n`;
}

/**
 * The section's two lists as written. A file in the earlier format has one numbered list of
 * every retrieved page; which of them the report cites is for its body to say.
 */
export function parseSourcesSection(section: string): { numbered: Source[]; consulted: Source[] } {
  const at = section.indexOf(`\n${CONSULTED_HEADING}\n`);
  const head = at >= 0 ? section.slice(0, at) : section;
  return {
    numbered: linesOf(head, /^\d+\.\s+/),
    consulted: at >= 0 ? linesOf(section.slice(at), /^[-*]\s+/) : [],
  };
}

function linesOf(list: string, bullet: RegExp): Source[] {
  const entry = new RegExp(`${bullet.source}\\[((?:\\\\.|[^\\]\\\\])*)\\]\\((\\S+)\\)\\s*$`, "gm");
  return [...list.matchAll(entry)].map((m) => ({
    title: (m[1] ?? "").replace(/\\([[\]\\])/g, "$1"),
    url: m[2] ?? "",
  }));
}

function sourceLink(source: Source): string {
  const title = source.title.replace(/\s+/g, " ").replace(/([[\]\\])/g, "\\$1");
  return `[${title}](${source.url})`;
}
