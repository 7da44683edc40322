import type { ResearchMode } from "../../config/explore-request.ts";
import type { ResearchSnapshot } from "../../store/research-store.ts";
import { IDEAS_PREFIX } from "../../tools/research-path.ts";
import { summarizeResearch } from "../../tools/research-summary.ts";
import {
  rankResearch,
  researchQueryTerms,
  SEARCH_RESEARCH_MAX_READS,
} from "../../tools/search-research.ts";
import { cachedSnapshot } from "./cached-snapshot.ts";
import { describeExploration, type ExplorationSummary } from "./exploration-summary.ts";
import { checkFolderName } from "./folder-name.ts";
import { decodeCursor, encodeCursor, type LibraryCursor, listingScope } from "./library-cursor.ts";
import { folderDay, staleOnOrBefore } from "./staleness.ts";

/** research.md files a search reads at most: search_research's own bound, so both find the same. */
export const LIBRARY_SEARCH_MAX_READS = SEARCH_RESEARCH_MAX_READS;
/** Folders one date-ordered page looks at at most; a page may then hold fewer than `limit`. */
export const MAX_FOLDERS_PER_PAGE = 200;
const READ_CONCURRENCY = 8;
const NOT_ISSUED = "cursor: is not one this server issued (use next_cursor from a listing)";
export const LOG_FILE = "exploration-log.json";

/** newest: by the folder's date, newest first; stalest: by lastResearched, oldest first. */
export type LibrarySort = "newest" | "stalest";

export interface ListExplorationsRequest {
  q?: string | undefined;
  mode?: ResearchMode | undefined;
  /** Without q, newest by default; with q, best match unless a sort is given. */
  sort?: LibrarySort | undefined;
  /** Only explorations last researched at least this many days before `now`. */
  olderThanDays?: number | undefined;
  limit: number;
  cursor?: string | undefined;
  /** The clock ages are counted at (ms since the epoch). */
  now: number;
}

export interface ExplorationPage {
  explorations: ExplorationSummary[];
  /** Absent on the last page. */
  nextCursor: string | undefined;
  /** With q: how many research.md files the ranking read, of how many folders. */
  search?: { searched: number; folders: number };
}

/** A request the listing cannot answer: a q without searchable words, a cursor it did not issue. */
export class LibraryQueryError extends Error {
  override readonly name = "LibraryQueryError";
  readonly field: "q" | "cursor";
  constructor(field: "q" | "cursor", message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * Every exploration of the repository (committed state only, whoever wrote it), newest first by
 * its folder's date, or with q ranked as search_research ranks (the same function).
 *
 * Cost, F folders under ideas/, L = limit: one listing of ideas/ (on GitHub two tree reads), then
 * - date order: research.md and exploration-log.json of the page's folders only, so O(L) reads
 *   (with mode, folders of the other mode are read too: at most MAX_FOLDERS_PER_PAGE per page);
 * - q: research.md of the min(F, LIBRARY_SEARCH_MAX_READS) folders whose names match best, then
 *   the page's logs: O(min(F, 50) + L) reads, the same for every page of the search.
 * Each file is read once per request (cachedSnapshot); sorting the names is O(F log F).
 */
export async function listExplorations(
  store: ResearchSnapshot,
  request: ListExplorationsRequest,
): Promise<ExplorationPage> {
  const q = request.q?.trim() ?? "";
  const terms = q ? researchQueryTerms(q) : [];
  if (q && terms.length === 0) {
    throw new LibraryQueryError(
      "q",
      "q: has no searchable words (give words of the idea, e.g. 'solar food dryer')",
    );
  }
  const scope = listingScope(terms, request.mode, request);
  const cursor = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
  if (request.cursor !== undefined && (!cursor || cursor.scope !== scope)) {
    throw new LibraryQueryError(
      "cursor",
      cursor
        ? "cursor: was issued for another q, mode, sort or older_than_days (start again without it)"
        : NOT_ISSUED,
    );
  }
  const snapshot = cachedSnapshot(store);
  const kind = terms.length > 0 ? "at" : request.sort === "stalest" ? "past" : "after";
  if (cursor && !(kind in cursor)) throw new LibraryQueryError("cursor", NOT_ISSUED);
  const from = cursor as Partial<Record<"at" | "past" | "after", unknown>> | undefined;
  if (kind === "at") return searchPage(snapshot, terms, request, scope, (from?.at as number) ?? 0);
  if (kind === "past") return stalePage(snapshot, request, scope, from?.past as StaleKey);
  return datePage(snapshot, request, scope, from?.after as string | undefined);
}

type StaleKey = Extract<LibraryCursor, { past: unknown }>["past"] | undefined;

/** An age filter's test, and the latest folder day that may pass it (undefined: any may). */
function ageFilter(request: ListExplorationsRequest) {
  const days = request.olderThanDays;
  if (days === undefined) return { passes: () => true, latestFolderDay: undefined };
  return {
    passes: (s: ExplorationSummary) => s.ageDays !== null && s.ageDays >= days,
    // A day in the future is 0 days old, so with 0 every folder may pass.
    latestFolderDay: days > 0 ? staleOnOrBefore(days, request.now) : undefined,
  };
}

/** Whether a folder may pass the age filter before it is read (its name's day is a lower bound). */
function mayBeOldEnough(folder: string, latestFolderDay: string | undefined): boolean {
  const day = folderDay(folder);
  return latestFolderDay === undefined || day === undefined || day <= latestFolderDay;
}

/** The stalest-first order: lastResearched, the unknown ones last, then the folder's name. */
const staleKey = (s: ExplorationSummary) => ({
  researched: s.lastResearched ?? "~",
  folder: s.folder,
});
function stalestFirst(a: StaleKey & object, b: StaleKey & object): number {
  if (a.researched !== b.researched) return a.researched < b.researched ? -1 : 1;
  return a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0;
}

async function searchPage(
  snapshot: ResearchSnapshot,
  terms: string[],
  request: ListExplorationsRequest,
  scope: string,
  at: number,
): Promise<ExplorationPage> {
  const ranking = await rankResearch(snapshot, terms, { maxReads: LIBRARY_SEARCH_MAX_READS });
  let matches = ranking.ranked
    .filter((r) => checkFolderName(r.folder).ok && (!request.mode || r.found.mode === request.mode))
    .map((r) => r.folder);
  if (request.sort !== undefined || request.olderThanDays !== undefined) {
    // The ranking read every match's research.md (cached): ordering them by date reads no more.
    const age = ageFilter(request);
    const read = await summariesOf(snapshot, matches, { now: request.now, log: false });
    const described = read.filter((s) => s !== undefined).filter(age.passes);
    if (request.sort === "stalest")
      described.sort((a, b) => stalestFirst(staleKey(a), staleKey(b)));
    if (request.sort === "newest") described.sort((a, b) => newestFirst(dateKey(a), dateKey(b)));
    matches = described.map((s) => s.folder);
  }
  const page = matches.slice(at, at + request.limit);
  const summaries = await summariesOf(snapshot, page, { now: request.now });
  const next = at + page.length;
  return {
    explorations: summaries.filter((s) => s !== undefined),
    nextCursor: next < matches.length ? encodeCursor({ scope, at: next }) : undefined,
    search: { searched: ranking.searched, folders: ranking.folders },
  };
}

async function datePage(
  snapshot: ResearchSnapshot,
  request: ListExplorationsRequest,
  scope: string,
  after: string | undefined,
): Promise<ExplorationPage> {
  const age = ageFilter(request);
  // Folders too new to pass the age filter are never read: research began on their name's day.
  const folders = (await snapshot.listIdeaFolders())
    .filter((folder) => checkFolderName(folder).ok && mayBeOldEnough(folder, age.latestFolderDay))
    .sort(newestFirst);
  let next = after === undefined ? 0 : folders.findIndex((f) => newestFirst(f, after) > 0);
  if (next < 0) next = folders.length;
  const explorations: ExplorationSummary[] = [];
  let scanned = 0;
  let last: string | undefined;
  while (
    explorations.length < request.limit &&
    next < folders.length &&
    scanned < MAX_FOLDERS_PER_PAGE
  ) {
    const size = Math.min(
      READ_CONCURRENCY,
      request.limit - explorations.length,
      MAX_FOLDERS_PER_PAGE - scanned,
    );
    const chunk = folders.slice(next, next + size);
    const read = await summariesOf(snapshot, chunk, { mode: request.mode, now: request.now });
    for (const summary of read) {
      if (summary && age.passes(summary)) explorations.push(summary);
    }
    next += chunk.length;
    scanned += chunk.length;
    last = chunk.at(-1);
  }
  return {
    explorations,
    nextCursor:
      next < folders.length && last !== undefined
        ? encodeCursor({ scope, after: last })
        : undefined,
  };
}

/**
 * Stalest first. lastResearched is only in research.md, but never before the day a folder's name
 * starts with: folders are read in that day's order (undated ones first), and reading stops once
 * `limit` explorations are known to be staler than any folder not read yet. Cost: research.md of
 * every folder up to the page's stalest-but-one day (all of them when old explorations were all
 * refreshed lately), eight at a time; logs of the page's explorations only. With the age filter,
 * folders too new to pass are not read.
 */
async function stalePage(
  snapshot: ResearchSnapshot,
  request: ListExplorationsRequest,
  scope: string,
  past: StaleKey,
): Promise<ExplorationPage> {
  const age = ageFilter(request);
  const folders = (await snapshot.listIdeaFolders())
    .filter((folder) => checkFolderName(folder).ok && mayBeOldEnough(folder, age.latestFolderDay))
    .sort((a, b) => {
      const [dayA, dayB] = [folderDay(a) ?? "", folderDay(b) ?? ""];
      return dayA !== dayB ? (dayA < dayB ? -1 : 1) : a < b ? -1 : a > b ? 1 : 0;
    });
  const found: ExplorationSummary[] = [];
  let next = 0;
  while (next < folders.length) {
    if (found.length >= request.limit) {
      found.sort((a, b) => stalestFirst(staleKey(a), staleKey(b)));
      const last = found[request.limit - 1]?.lastResearched;
      const unread = folderDay(folders[next] ?? "");
      // Every unread folder was researched on its day or later: none can come before `last`.
      if (last && unread && last < unread) break;
    }
    const chunk = folders.slice(next, next + READ_CONCURRENCY);
    const read = await summariesOf(snapshot, chunk, {
      mode: request.mode,
      now: request.now,
      log: false,
    });
    for (const summary of read) {
      if (!summary || !age.passes(summary)) continue;
      if (past && stalestFirst(staleKey(summary), past) <= 0) continue;
      found.push(summary);
    }
    next += chunk.length;
  }
  found.sort((a, b) => stalestFirst(staleKey(a), staleKey(b)));
  const page = found.slice(0, request.limit);
  // The page's logs (cost, the changed mark): research.md comes from the request's cache.
  const explorations = (
    await summariesOf(
      snapshot,
      page.map((s) => s.folder),
      { now: request.now },
    )
  ).filter((s) => s !== undefined);
  const last = page.at(-1);
  const more = found.length > page.length || next < folders.length;
  return {
    explorations,
    nextCursor: more && last ? encodeCursor({ scope, past: staleKey(last) }) : undefined,
  };
}

/**
 * The summaries of `folders`, in order (undefined for a folder without research.md or of another
 * mode). One unreadable folder is skipped, as search_research skips it; when every read fails
 * the store's failure is thrown, so a repository that cannot be read is never an empty library.
 */
async function summariesOf(
  snapshot: ResearchSnapshot,
  folders: readonly string[],
  options: ReadOptions,
): Promise<(ExplorationSummary | undefined)[]> {
  const settled = await Promise.allSettled(folders.map((f) => summaryOf(snapshot, f, options)));
  const failed = settled.filter((s) => s.status === "rejected");
  if (failed.length > 0 && failed.length === settled.length) throw failed[0]?.reason;
  return settled.map((s) => (s.status === "fulfilled" ? s.value : undefined));
}

interface ReadOptions {
  mode?: ResearchMode | undefined;
  now: number;
  /** false: research.md alone (an order or a filter), the log's fields left at their defaults. */
  log?: boolean;
}

async function summaryOf(
  snapshot: ResearchSnapshot,
  folder: string,
  { mode, now, log: withLog = true }: ReadOptions,
): Promise<ExplorationSummary | undefined> {
  const base = `${IDEAS_PREFIX}${folder}/`;
  // Without a mode filter both files are needed: read them at once. With one, the log only
  // of folders that match.
  const [research, prefetchedLog] = await Promise.all([
    snapshot.readText(`${base}research.md`),
    mode || !withLog ? undefined : snapshot.readText(`${base}${LOG_FILE}`),
  ]);
  if (research === undefined) return undefined;
  if (mode && summarizeResearch(research).mode !== mode) return undefined;
  const log = mode && withLog ? await snapshot.readText(`${base}${LOG_FILE}`) : prefetchedLog;
  return describeExploration(folder, research, log, now).summary;
}

const DATED = /^\d{4}-\d{2}-\d{2}/;

/** A summary's place in the newest-first order: its date, then its folder (as the names sort). */
const dateKey = (s: ExplorationSummary) => (s.date ? `${s.date}-${s.folder}` : s.folder);

/** Dated folders newest first (the name starts with the date), then undated ones by name. */
function newestFirst(a: string, b: string): number {
  const datedA = DATED.test(a);
  if (datedA !== DATED.test(b)) return datedA ? -1 : 1;
  const order = a < b ? -1 : a > b ? 1 : 0;
  return datedA ? -order : order;
}
