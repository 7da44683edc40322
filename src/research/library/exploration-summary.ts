import { DECISIONS, SECTION_WORDS } from "../../prompts/report-language.ts";
import { splitFrontmatter } from "../../tools/frontmatter.ts";
import { IDEAS_PREFIX } from "../../tools/research-path.ts";
import { summarizeResearch } from "../../tools/research-summary.ts";
import { UPDATE_WORDS } from "../report-headings.ts";
import { parseReport, parseResearch } from "../research-document.ts";
import type { Source } from "../source-links.ts";
import { type LogSummary, summarizeLog } from "./exploration-log-summary.ts";
import { ageInDays, dayOf, folderDay, latestDay } from "./staleness.ts";

/** One exploration as the library lists it. */
export interface ExplorationSummary {
  folder: string;
  /** research.md's repository path. */
  path: string;
  title: string;
  idea: string | null;
  mode: string | null;
  /** YYYY-MM-DD from the frontmatter, else the folder name; null when neither has one. */
  date: string | null;
  /** A business analysis's latest decision ("Pursue", "Pursue with changes", "Do not pursue"). */
  verdict: string | null;
  /** An exploration's number of directions (its level-2 sections but the closing ones). */
  directions: number | null;
  citedSources: number;
  consultedSources: number;
  costUsd: number | null;
  /** The dates of its "## Update - <date>" sections, in order. */
  updates: string[];
  /** The days it was refreshed (the frontmatter's `refreshed`), in order. */
  refreshed: string[];
  /**
   * YYYY-MM-DD: the latest of its folder's and frontmatter's date, its updates and its refreshes
   * (never before the folder's date, which the listing relies on); null when it has none.
   */
  lastResearched: string | null;
  /** Whole days since lastResearched, at the `now` it was described at; null without one. */
  ageDays: number | null;
  /** Its latest refresh changed the verdict or moved a figure (exploration-log.json says so). */
  changed: boolean;
}

/** What the library shows of one exploration when it is opened. */
export interface ExplorationDocument {
  summary: ExplorationSummary;
  model: string | null;
  markdown: string;
  /** The numbered pages: `n` is the number of the report's `[n]` markers that cite `url`. */
  sources: (Source & { n: number })[];
  consulted: Source[];
  log: LogSummary | undefined;
}

/**
 * Each decision in every language the prompt asks for it in, longest first, so "Pursue with
 * changes" is not read as "Pursue"; a localized one is reported by its English name.
 */
const VERDICTS = Object.values(SECTION_WORDS)
  .flatMap((words) => DECISIONS.map((decision) => ({ decision, said: words.decisions[decision] })))
  .sort((a, b) => b.said.length - a.said.length);
const VERDICT_WORDS = [...new Set(Object.values(SECTION_WORDS).map((w) => w.verdict))];
const VERDICT_HEADING = new RegExp(
  String.raw`^#{2,3}[ \t]+(?:\d+[.)][ \t]*)?\**(?:${VERDICT_WORDS.map(escapeRegExp).join("|")})(?![\p{L}\p{N}_]).*$`,
  "gimu",
);
/** Level-2 sections of an exploration that are not directions (the closing ones, any language). */
const NOT_DIRECTIONS = new RegExp(
  String.raw`^(?:${[
    ...Object.values(SECTION_WORDS).map((w) => escapeRegExp(w.mostPromising)),
    "sources|summary|overview|introduction|conclusion|next steps",
  ].join("|")}|(?:${UPDATE_WORDS.map(escapeRegExp).join("|")})(?![\p{L}\p{N}_]))`,
  "iu",
);
/** "## Update - <date>" in any language: a document's older updates keep the word they were written in. */
const UPDATE_HEADING = new RegExp(
  String.raw`^## (?:${UPDATE_WORDS.map(escapeRegExp).join("|")}) - (.+)$`,
  "gm",
);

/**
 * Reads research.md (and the log, when there is one) of a folder; pure, no reads of its own.
 * `now` (ms since the epoch) is the clock its age is counted at.
 */
export function describeExploration(
  folder: string,
  researchText: string,
  logText: string | undefined,
  now: number = Date.now(),
): ExplorationDocument {
  const markdown = researchText.replace(/\r\n/g, "\n");
  const front = summarizeResearch(markdown);
  const document = parseResearch(markdown);
  const report = document ?? parseReport(splitFrontmatter(markdown)?.body ?? markdown);
  const log = summarizeLog(logText);
  const mode = front.mode ?? null;
  const model = document?.frontmatter.model;
  const date = front.date ?? /^\d{4}-\d{2}-\d{2}/.exec(folder)?.[0] ?? null;
  const updates = [...report.body.matchAll(UPDATE_HEADING)].map((m) => (m[1] ?? "").trim());
  const refreshedField: unknown = document?.frontmatter.refreshed;
  const refreshed = (Array.isArray(refreshedField) ? refreshedField : [])
    .map(dayOf)
    .filter((d) => d !== undefined);
  const lastResearched = latestDay([
    folderDay(folder),
    date,
    document?.frontmatter.updated,
    ...updates,
    ...refreshed,
  ]);
  return {
    summary: {
      folder,
      path: `${IDEAS_PREFIX}${folder}/research.md`,
      title: front.title ?? folder,
      idea: front.idea ?? null,
      mode,
      date,
      verdict: mode === "business" ? verdictOf(report.body) : null,
      directions: mode === "exploration" ? directionsOf(report.body) : null,
      citedSources: report.cited.length,
      consultedSources: report.consulted.length,
      costUsd: log?.costUsd ?? null,
      updates,
      refreshed,
      lastResearched,
      ageDays: lastResearched === null ? null : ageInDays(lastResearched, now),
      changed: log?.lastRefreshChanged ?? false,
    },
    model: typeof model === "string" && model.trim() ? model.trim().slice(0, 200) : null,
    markdown: researchText,
    sources: report.cited.map((source, i) => ({ n: i + 1, ...source })),
    consulted: report.consulted,
    log,
  };
}

/**
 * The latest verdict: the last "Verdict" heading (an update's is an H3 under its H2; "Urteil" in
 * a German report), its first line, matched to the three decisions the prompt allows in any of
 * its languages and named in English, else that line as written.
 */
export function verdictOf(body: string): string | null {
  const headings = [...body.matchAll(VERDICT_HEADING)];
  const last = headings.at(-1);
  if (last?.index === undefined) return null;
  const after = body.slice(last.index + last[0].length);
  const line = after
    .split("\n")
    .map((l) => plain(l))
    .find((l) => l !== "");
  if (!line) return null;
  const lower = line.toLowerCase();
  const decision = VERDICTS.find((v) => lower.startsWith(v.said.toLowerCase()))?.decision;
  return decision ?? line.slice(0, 200);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function directionsOf(body: string): number {
  return [...body.matchAll(/^##[ \t]+(.+)$/gm)].filter(
    (m) => !NOT_DIRECTIONS.test(plain(m[1] ?? "")),
  ).length;
}

/** A line without Markdown emphasis, list markers, links or citation markers. */
function plain(line: string): string {
  return line
    .replace(/^\s*(?:[-*+]|\d+[.)]|#{1,6})\s+/, "")
    .replace(/\[\[\d+\]\]\([^)\s]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)\s]*\)/g, "$1")
    .replace(/\*\*|__|[*_`]/g, "")
    .trim();
}
