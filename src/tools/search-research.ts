import { tool } from "ai";
import { z } from "zod";
import { StoreError } from "../store/research-reader.ts";
import type { ResearchSnapshot, ResearchStore } from "../store/research-store.ts";
import { type CallFailure, callFailure } from "./call-failure.ts";
import { plainTokens } from "./catalog/tokenize.ts";
import { IDEAS_PREFIX, validateResearchPath } from "./research-path.ts";
import { type ResearchSummary, summarizeResearch } from "./research-summary.ts";
import { ToolCallError } from "./tool-call-error.ts";
import { logToolCall, type OnToolCall } from "./tool-call-log.ts";
import { fenceUntrusted } from "./untrusted-text.ts";

export const SEARCH_RESEARCH_TOOL_NAME = "search_research";
const MAX_QUERY_CHARS = 200;
const READ_CONCURRENCY = 8;
/** research.md files one search reads at most, unless told otherwise (see the ranking below). */
export const SEARCH_RESEARCH_MAX_READS = 50;

export const searchResearchInputSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, "query must not be empty: give a few words of the idea, e.g. 'solar food dryer'")
    .max(MAX_QUERY_CHARS, `query must be at most ${MAX_QUERY_CHARS} characters`)
    .describe(
      "Words to look for in earlier research: its title, idea, or folder name, e.g. " +
        '"solar food dryer". Matching is by words, in any order.',
    ),
});

export interface FoundResearch {
  /** Relative to ideas/, exactly as read_research takes it: "<folder>/research.md". */
  path: string;
  title: string;
  idea: string;
  /** YYYY-MM-DD (from the frontmatter, else the folder name), or "" when unknown. */
  date: string;
  mode: string;
}

export interface SearchResearchOutput {
  query: string;
  results: FoundResearch[];
  /** How many research files were read, of how many folders: the search is bounded. */
  searched: number;
  folders: number;
}

export interface SearchResearchToolOptions {
  store: ResearchStore;
  /** At most this many results (default 10). */
  limit?: number;
  /** At most this many research.md files are read per call (default 50); see the ranking below. */
  maxReads?: number;
  /** Receives one entry per call; without it each call is logged as one JSON line on stderr. */
  onToolCall?: OnToolCall;
}

interface Candidate {
  folder: string;
  slugTerms: Set<string>;
  slugHits: number;
}

/**
 * search_research: finds earlier research by the words of its title, idea, other frontmatter and
 * folder slug. Cost is bounded on big repositories: folders are ranked by how many query words
 * their slug holds, then newest first (folder names start with the date), and only the first
 * `maxReads` research.md files are read and matched on their frontmatter.
 */
export function createSearchResearchTool(options: SearchResearchToolOptions) {
  const { store } = options;
  const limit = options.limit ?? 10;
  const maxReads = options.maxReads ?? SEARCH_RESEARCH_MAX_READS;
  const report = options.onToolCall ?? ((entry) => logToolCall(entry));

  return tool({
    description:
      "Find earlier research in the ideas repository by words of its title, idea or folder " +
      "name. Returns paths that read_research accepts, with title, idea, date and mode.",
    inputSchema: searchResearchInputSchema,
    execute: async ({ query }, { abortSignal }): Promise<SearchResearchOutput> => {
      const started = performance.now();
      const log = (ok: boolean, extra: { resultCount?: number; errorType?: string }) =>
        report({
          name: SEARCH_RESEARCH_TOOL_NAME,
          query,
          durationMs: Math.round(performance.now() - started),
          ok,
          ...extra,
        });
      try {
        const terms = researchQueryTerms(query);
        if (terms.length === 0) {
          throw new SearchResearchError(
            "the query has no searchable words; give words of the idea, e.g. 'solar food dryer'",
            "invalid_query",
          );
        }
        const ranking = await rankResearch(store, terms, { maxReads, signal: abortSignal });
        const results = ranking.ranked.slice(0, limit).map((r) => r.found);
        const { searched, folders } = ranking;
        log(true, { resultCount: results.length });
        return { query, results, searched, folders };
      } catch (error) {
        const failure = callFailure(
          error,
          { signal: abortSignal },
          { cancelled: "the search was cancelled" },
          describeFailure,
        );
        log(false, { errorType: failure.errorType });
        throw new SearchResearchError(failure.message, failure.errorType);
      }
    },
    toModelOutput: ({ output }) => ({ type: "text", value: formatResearchResults(output) }),
  });
}

export class SearchResearchError extends ToolCallError {
  override readonly name = "SearchResearchError";
}

export function formatResearchResults(output: SearchResearchOutput): string {
  const scope =
    output.searched < output.folders
      ? ` (matched the ${output.searched} most likely of ${output.folders} folders; try other words to reach the rest)`
      : "";
  if (output.results.length === 0) {
    return `No earlier research matches "${output.query}"${scope}.`;
  }
  const lines = output.results.map((r, i) =>
    [
      `${i + 1}. ${r.title}`,
      `   path: ${r.path}`,
      [r.date, r.mode].filter(Boolean).length
        ? `   ${[r.date, r.mode].filter(Boolean).join(", ")}`
        : "",
      r.idea && r.idea !== r.title ? `   idea: ${r.idea}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  // Titles and ideas of stored research may quote the web.
  const listing = fenceUntrusted(
    { kind: "stored research", from: "search_research" },
    lines.join("\n\n"),
  );
  return `${listing}\n\nRead one with read_research and its path${scope}.`;
}

/** The words a query is matched by; none means it cannot be searched. */
export function researchQueryTerms(query: string): string[] {
  return [...new Set(plainTokens(query))];
}

export interface RankedResearch {
  /** The folder under ideas/. */
  folder: string;
  found: FoundResearch;
  /** How many query words it matched, and how well (title and idea weigh most). */
  matched: number;
  score: number;
}

export interface ResearchRanking {
  /** Folders that match at least one word, best first. */
  ranked: RankedResearch[];
  /** How many research.md files were read, of how many folders. */
  searched: number;
  folders: number;
}

/**
 * search_research's ranking, for every surface that searches research: folders are ranked by how
 * many query words their slug holds, then newest first; the first `maxReads` research.md files
 * are read and scored on their frontmatter; matches come best first. Reads go through
 * `snapshot.readText` only, so a caller may hand in a snapshot that caches them.
 */
export async function rankResearch(
  snapshot: ResearchSnapshot,
  terms: readonly string[],
  options: { maxReads: number; signal?: AbortSignal | undefined },
): Promise<ResearchRanking> {
  const folders = await listFolders(snapshot);
  const candidates = rankFolders(folders, terms);
  const toRead = candidates.slice(0, options.maxReads);
  const summaries = await readSummaries(snapshot, toRead, options.signal);
  const ranked = summaries
    .map(({ candidate, summary }) => scored(candidate, summary, terms))
    .filter((r) => r.matched > 0)
    .sort(
      (a, b) =>
        b.matched - a.matched ||
        b.score - a.score ||
        b.found.date.localeCompare(a.found.date) ||
        a.found.path.localeCompare(b.found.path),
    );
  return { ranked, searched: toRead.length, folders: candidates.length };
}

async function listFolders(store: ResearchSnapshot): Promise<string[]> {
  const folders = await store.listIdeaFolders();
  // Only folders whose research.md read_research would accept can be offered to the model.
  return folders.filter((f) => validateResearchPath(`${f}/research.md`).ok);
}

function rankFolders(folders: readonly string[], terms: readonly string[]): Candidate[] {
  return folders
    .map((folder) => {
      const slugTerms = new Set(plainTokens(folder.replace(/^\d{4}-\d{2}-\d{2}-?/, "")));
      return { folder, slugTerms, slugHits: terms.filter((t) => hit(t, slugTerms) > 0).length };
    })
    .sort((a, b) => b.slugHits - a.slugHits || b.folder.localeCompare(a.folder));
}

async function readSummaries(
  store: ResearchSnapshot,
  candidates: readonly Candidate[],
  signal: AbortSignal | undefined,
): Promise<{ candidate: Candidate; summary: ResearchSummary }[]> {
  const out: { candidate: Candidate; summary: ResearchSummary }[] = [];
  let failures = 0;
  let firstError: unknown;
  let next = 0;
  const worker = async () => {
    while (next < candidates.length) {
      signal?.throwIfAborted();
      const candidate = candidates[next++] as Candidate;
      try {
        const text = await store.readText(`${IDEAS_PREFIX}${candidate.folder}/research.md`);
        if (text !== undefined) out.push({ candidate, summary: summarizeResearch(text) });
      } catch (error) {
        failures++;
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, candidates.length) }, worker));
  // One unreadable file is skipped; a store that fails every read is reported.
  if (failures > 0 && failures === candidates.length) throw firstError;
  return out;
}

/** 1 for the same word, 0.5 when a query word of 3+ letters starts a longer word, else 0. */
function hit(term: string, words: ReadonlySet<string>): number {
  if (words.has(term)) return 1;
  if (term.length < 3) return 0;
  for (const word of words) if (word.startsWith(term)) return 0.5;
  return 0;
}

function scored(candidate: Candidate, summary: ResearchSummary, terms: readonly string[]) {
  const fields: [Set<string>, number][] = [
    [new Set(plainTokens(summary.title ?? "")), 3],
    [new Set(plainTokens(summary.idea ?? "")), 3],
    [candidate.slugTerms, 2],
    [new Set(plainTokens(summary.other.join(" "))), 1],
    [new Set(plainTokens(summary.mode ?? "")), 1],
  ];
  let matched = 0;
  let score = 0;
  for (const term of terms) {
    const best = Math.max(...fields.map(([set, weight]) => hit(term, set) * weight));
    if (best > 0) matched++;
    score += best;
  }
  const found: FoundResearch = {
    path: `${candidate.folder}/research.md`,
    title: summary.title ?? candidate.folder,
    idea: summary.idea ?? "",
    date: summary.date ?? /^\d{4}-\d{2}-\d{2}/.exec(candidate.folder)?.[0] ?? "",
    mode: summary.mode ?? "",
  };
  return { folder: candidate.folder, found, matched, score };
}

/** The search's own failure; a cancelled call was told apart before (callFailure). */
function describeFailure(error: unknown): CallFailure {
  if (error instanceof SearchResearchError)
    return { message: error.message, errorType: error.errorType };
  if (error instanceof StoreError) {
    return {
      message: `the ideas repository could not be searched: ${error.message}`,
      errorType: error.rateLimited ? "rate_limited" : "api_error",
    };
  }
  return { message: "the ideas repository could not be searched", errorType: "api_error" };
}
