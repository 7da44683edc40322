import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import type { ResearchMode } from "../config/explore-request.ts";
import { splitFrontmatter } from "../tools/frontmatter.ts";
import {
  checkItem,
  checksHeading,
  type FailedCheck,
  parseCheckItems,
  renderChecksSection,
} from "./checks/checks-section.ts";
import { markerUrls } from "./citations/citation-syntax.ts";
import { numberCitations } from "./citations/number-citations.ts";
import {
  parseSourcesSection,
  renderSourcesSection,
  sourcesHeading,
} from "./citations/sources-section.ts";
import { reportHeadings } from "./report-headings.ts";
import { type Source, sourceKey, withoutSources } from "./source-links.ts";

/** What research.md's YAML frontmatter holds. */
export interface ResearchFrontmatter {
  title: string;
  idea: string;
  mode: ResearchMode;
  model: string;
  date: string;
  fingerprint: string;
  /** The GitHub issue the idea came from. */
  issue?: number;
  sources: number;
  updated?: string;
  /** The days this exploration was refreshed (`refresh`), oldest first. */
  refreshed?: string[];
  /** Incomplete: cut off at the output limit, or cut to fit the store (see the note at its end). */
  truncated?: boolean;
  /**
   * The language the report and its product headings are written in (a BCP 47 primary code);
   * absent in files written before languages existed, which are English.
   */
  language?: string;
}

export interface ResearchDocument {
  frontmatter: ResearchFrontmatter;
  /** The report, its citations as numbered markers, without the generated Sources section. */
  body: string;
  /** The pages the body cites, in order of first citation: cited[0] is marker [1]. */
  cited: Source[];
  /** Pages retrieved for the research that the body never cites. */
  consulted: Source[];
  /** The Checks section's items: sentences whose cited passage lacks their figures (checks-section.ts). */
  checks?: string[];
}

/** A run's report and the pages its tools retrieved, its citations still placeholders. */
export interface RunReport {
  report: string;
  sources: Source[];
  /** Citations the checks did not confirm, listed under Checks with their pages' numbers. */
  failedChecks?: Omit<FailedCheck, "number">[];
}

export function renderResearch(doc: ResearchDocument): string {
  const frontmatter = { ...doc.frontmatter, sources: doc.cited.length + doc.consulted.length };
  const { language } = doc.frontmatter;
  const sources = renderSourcesSection(doc.cited, doc.consulted, language);
  const checks = renderChecksSection(doc.checks ?? [], language);
  return `---\n${stringifyYaml(frontmatter).trimEnd()}\n---\n\n${doc.body.trim()}\n\n${sources}${checks ? `\n${checks}` : ""}`;
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
  const typed = frontmatter as ResearchFrontmatter;
  return { frontmatter: typed, ...parseReport(split.body, documentLanguage(typed)) };
}

/** The language a research.md's frontmatter records; undefined (English) when it records none. */
export function documentLanguage(frontmatter: unknown): string | undefined {
  const language = (frontmatter as { language?: unknown } | null)?.language;
  return typeof language === "string" && language ? language : undefined;
}

/** documentLanguage of a frontmatter's YAML text; undefined when it does not parse. */
export function yamlLanguage(yaml: string): string | undefined {
  try {
    return documentLanguage(parseYaml(yaml));
  } catch {
    return undefined;
  }
}

/**
 * The part of research.md after its frontmatter (or a hand-written file without one): the
 * report, and the pages its Sources section lists, split into those the markers cite and the rest.
 * The product's headings are looked for in the document's `language` (English when absent).
 */
export function parseReport(
  rest: string,
  language?: string,
): Omit<ResearchDocument, "frontmatter"> {
  const at = rest.lastIndexOf(`\n${sourcesHeading(language)}\n`);
  const body = (at >= 0 ? rest.slice(0, at) : rest).trim();
  // The Checks section, when there is one, follows the Sources section and ends the file.
  const checksAt = at >= 0 ? rest.indexOf(`\n${checksHeading(language)}\n`, at) : -1;
  const checks = checksAt >= 0 ? parseCheckItems(rest.slice(checksAt)) : [];
  const listed = parseSourcesSection(
    at >= 0 ? rest.slice(at, checksAt >= 0 ? checksAt : undefined) : "",
    language,
  );
  // A numbered page is cited when the body's markers point at it; in a file of the earlier
  // format (every retrieved page numbered, no markers) they all read as consulted.
  const marked = new Set(markerUrls(body).map(sourceKey));
  const cited = listed.numbered.filter((s) => marked.has(sourceKey(s.url)));
  const consulted = withoutSources(
    [...listed.numbered, ...listed.consulted],
    new Set(cited.map((s) => sourceKey(s.url))),
  );
  return { body, cited, consulted, ...(checks.length ? { checks } : {}) };
}

/** A new research document: the run's citations numbered from 1. */
export function newResearch(frontmatter: ResearchFrontmatter, run: RunReport): ResearchDocument {
  const filed = withCitations({ cited: [], consulted: [] }, run);
  const checks = checkItems(filed.cited, run.failedChecks, frontmatter.language);
  return { frontmatter, ...filed, ...(checks.length ? { checks } : {}) };
}

/** The failed checks as Checks items, each citing its page by the number the document gives it. */
function checkItems(
  cited: readonly Source[],
  failed: RunReport["failedChecks"],
  language: string | undefined,
): string[] {
  const numbers = new Map(cited.map((s, i) => [sourceKey(s.url), i + 1]));
  return (failed ?? []).flatMap((item) => {
    const number = numbers.get(sourceKey(item.check.url));
    return number ? [checkItem({ ...item, number }, language)] : [];
  });
}

/** The report's first H1, or the idea cut to a readable length. */
export function titleFor(report: string, idea: string): string {
  const heading = /^#\s+(.+)$/m.exec(report)?.[1]?.trim();
  if (heading) return heading;
  const oneLine = idea.replace(/\s+/g, " ").trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 77)}...` : oneLine;
}

// The same in the languages the prompt may ask for (a German report's model writes "Quellen").
const MODEL_SOURCES_SECTION =
  /\n#{1,3}\s*(sources|references|citations|quellen|literatur|fuentes|referencias|références|fontes|referências|出典|参考文献|参考資料)\s*\n[\s\S]*$/i;

/**
 * Removes a sources/references section the model wrote at the end of its report: the product
 * appends its own list built from retrieved URLs, and two lists would disagree.
 */
export function stripModelSources(report: string): string {
  return report.replace(MODEL_SOURCES_SECTION, "").trim();
}

/**
 * Adds an "## Update - <date>" section whose citations continue the document's numbering, and
 * merges its sources into the same list. The document keeps its language unless the update
 * names another (`--language`): then its product headings are written in that one from now on.
 */
export function appendUpdate(
  doc: ResearchDocument,
  update: RunReport & { date: string; language?: string | undefined },
): ResearchDocument {
  const language = update.language ?? doc.frontmatter.language;
  const section = `## ${reportHeadings(language).update} - ${update.date}\n\n${demoteHeadings(update.report)}`;
  const filed = withCitations(doc, { ...update, report: section });
  const checks = [...(doc.checks ?? []), ...checkItems(filed.cited, update.failedChecks, language)];
  return {
    frontmatter: { ...doc.frontmatter, updated: update.date, ...(language ? { language } : {}) },
    ...filed,
    body: `${doc.body.trim()}\n\n${filed.body}`,
    ...(checks.length ? { checks } : {}),
  };
}

/**
 * The run's report with its citations numbered after the document's, and the document's lists
 * with the run's pages filed in: cited ones numbered, the rest under "Also consulted" (a
 * consulted page the run cites moves up into the numbered list).
 */
function withCitations(
  doc: Pick<ResearchDocument, "cited" | "consulted">,
  run: RunReport,
): Pick<ResearchDocument, "body" | "cited" | "consulted"> {
  const { text, numbered } = numberCitations(run.report, doc.cited, run.sources);
  const cited = new Set(numbered.map((s) => sourceKey(s.url)));
  return {
    body: text,
    cited: numbered,
    consulted: withoutSources([...doc.consulted, ...run.sources], cited),
  };
}

// An update lives under an H2, so its own top-level headings become H3 and the rest follow
// (capped at H6), keeping the document's outline intact.
export function demoteHeadings(report: string): string {
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
