import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import type { ResearchMode } from "../config/explore-request.ts";
import { splitFrontmatter } from "../tools/frontmatter.ts";
import { dedupeSources, type Source } from "./source-links.ts";

/** What research.md's YAML frontmatter holds. */
export interface ResearchFrontmatter {
  title: string;
  idea: string;
  mode: ResearchMode;
  model: string;
  date: string;
  fingerprint: string;
  sources: number;
  updated?: string;
  /** The report was cut off at the model's output limit (see the note at its end). */
  truncated?: boolean;
}

export interface ResearchDocument {
  frontmatter: ResearchFrontmatter;
  /** The report without the generated Sources section. */
  body: string;
  sources: Source[];
}

const SOURCES_HEADING = "## Sources";
const NO_SOURCES_LINE = "_No web pages were retrieved for this research._";

export function renderResearch(doc: ResearchDocument): string {
  const frontmatter = { ...doc.frontmatter, sources: doc.sources.length };
  const list = doc.sources.length
    ? doc.sources.map((s, i) => `${i + 1}. [${escapeLabel(s.title)}](${s.url})`).join("\n")
    : NO_SOURCES_LINE;
  return `---\n${stringifyYaml(frontmatter).trimEnd()}\n---\n\n${doc.body.trim()}\n\n${SOURCES_HEADING}\n\n${list}\n`;
}

/** Reads a research.md this product wrote; undefined when it has no frontmatter. */
export function parseResearch(markdown: string): ResearchDocument | undefined {
  const split = splitFrontmatter(markdown.replace(/\r\n/g, "\n"));
  if (!split) return undefined;
  let frontmatter: unknown;
  try {
    frontmatter = parseYaml(split.yaml);
  } catch {
    return undefined;
  }
  if (!frontmatter || typeof frontmatter !== "object") return undefined;
  const rest = split.body;
  const at = rest.lastIndexOf(`\n${SOURCES_HEADING}\n`);
  const body = at >= 0 ? rest.slice(0, at) : rest;
  const sources = at >= 0 ? parseSourceList(rest.slice(at)) : [];
  return { frontmatter: frontmatter as ResearchFrontmatter, body: body.trim(), sources };
}

/** The report's first H1, or the idea cut to a readable length. */
export function titleFor(report: string, idea: string): string {
  const heading = /^#\s+(.+)$/m.exec(report)?.[1]?.trim();
  if (heading) return heading;
  const oneLine = idea.replace(/\s+/g, " ").trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 77)}...` : oneLine;
}

/**
 * Removes a sources/references section the model wrote at the end of its report: the product
 * appends its own list built from retrieved URLs, and two lists would disagree.
 */
export function stripModelSources(report: string): string {
  return report.replace(/\n#{1,3}\s*(sources|references|citations)\s*\n[\s\S]*$/i, "").trim();
}

/** Adds an "## Update - <date>" section and merges the new sources into the list. */
export function appendUpdate(
  doc: ResearchDocument,
  update: { date: string; report: string; sources: Source[]; model: string },
): ResearchDocument {
  const sources = dedupeSources([...doc.sources, ...update.sources]);
  return {
    frontmatter: { ...doc.frontmatter, updated: update.date, sources: sources.length },
    body: `${doc.body.trim()}\n\n## Update - ${update.date}\n\n${demoteHeadings(update.report)}`,
    sources,
  };
}

// An update lives under an H2, so its own top-level headings become H3 and the rest follow
// (capped at H6), keeping the document's outline intact.
function demoteHeadings(report: string): string {
  const levels = [...report.matchAll(/^(#{1,6})\s/gm)].map((m) => m[1]!.length);
  if (levels.length === 0) return report.trim();
  const shift = Math.max(0, 3 - Math.min(...levels));
  return report
    .replace(
      /^(#{1,6})\s/gm,
      (_, hashes: string) => `${"#".repeat(Math.min(6, hashes.length + shift))} `,
    )
    .trim();
}

function parseSourceList(section: string): Source[] {
  const sources: Source[] = [];
  for (const m of section.matchAll(/^\d+\.\s+\[((?:\\.|[^\]\\])*)\]\((\S+)\)\s*$/gm)) {
    sources.push({ title: (m[1] ?? "").replace(/\\([[\]\\])/g, "$1"), url: m[2] ?? "" });
  }
  return sources;
}

function escapeLabel(title: string): string {
  return title.replace(/\s+/g, " ").replace(/([[\]\\])/g, "\\$1");
}
