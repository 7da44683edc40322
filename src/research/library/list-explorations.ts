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
import { decodeCursor, encodeCursor, listingScope } from "./library-cursor.ts";

/** research.md files a search reads at most: search_research's own bound, so both find the same. */
export const LIBRARY_SEARCH_MAX_READS = SEARCH_RESEARCH_MAX_READS;
/** Folders one date-ordered page looks at at most; a page may then hold fewer than `limit`. */
export const MAX_FOLDERS_PER_PAGE = 200;
const READ_CONCURRENCY = 8;
const NOT_ISSUED = "cursor: is not one this server issued (use next_cursor from a listing)";
export const LOG_FILE = "exploration-log.json";

export interface ListExplorationsRequest {
  q?: string | undefined;
  mode?: ResearchMode | undefined;
  limit: number;
  cursor?: string | undefined;
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
  const scope = listingScope(terms, request.mode);
  const cursor = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
  if (request.cursor !== undefined && (!cursor || cursor.scope !== scope)) {
    throw new LibraryQueryError(
      "cursor",
      cursor ? "cursor: was issued for another q or mode (start again without it)" : NOT_ISSUED,
    );
  }
  const snapshot = cachedSnapshot(store);
  if (terms.length > 0) {
    if (cursor && !("at" in cursor)) throw new LibraryQueryError("cursor", NOT_ISSUED);
    return searchPage(snapshot, terms, request, scope, cursor?.at ?? 0);
  }
  if (cursor && !("after" in cursor)) throw new LibraryQueryError("cursor", NOT_ISSUED);
  return datePage(snapshot, request, scope, cursor?.after);
}

async function searchPage(
  snapshot: ResearchSnapshot,
  terms: string[],
  request: ListExplorationsRequest,
  scope: string,
  at: number,
): Promise<ExplorationPage> {
  const ranking = await rankResearch(snapshot, terms, { maxReads: LIBRARY_SEARCH_MAX_READS });
  const matches = ranking.ranked.filter(
    (r) => checkFolderName(r.folder).ok && (!request.mode || r.found.mode === request.mode),
  );
  const page = matches.slice(at, at + request.limit);
  const summaries = await summariesOf(
    snapshot,
    page.map((r) => r.folder),
    undefined,
  );
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
  const folders = (await snapshot.listIdeaFolders())
    .filter((folder) => checkFolderName(folder).ok)
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
    for (const summary of await summariesOf(snapshot, chunk, request.mode)) {
      if (summary) explorations.push(summary);
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
 * The summaries of `folders`, in order (undefined for a folder without research.md or of another
 * mode). One unreadable folder is skipped, as search_research skips it; when every read fails
 * the store's failure is thrown, so a repository that cannot be read is never an empty library.
 */
async function summariesOf(
  snapshot: ResearchSnapshot,
  folders: readonly string[],
  mode: ResearchMode | undefined,
): Promise<(ExplorationSummary | undefined)[]> {
  const settled = await Promise.allSettled(folders.map((f) => summaryOf(snapshot, f, mode)));
  const failed = settled.filter((s) => s.status === "rejected");
  if (failed.length > 0 && failed.length === settled.length) throw failed[0]?.reason;
  return settled.map((s) => (s.status === "fulfilled" ? s.value : undefined));
}

async function summaryOf(
  snapshot: ResearchSnapshot,
  folder: string,
  mode: ResearchMode | undefined,
): Promise<ExplorationSummary | undefined> {
  const base = `${IDEAS_PREFIX}${folder}/`;
  // Without a mode filter both files are needed: read them at once. With one, the log only
  // of folders that match.
  const [research, prefetchedLog] = await Promise.all([
    snapshot.readText(`${base}research.md`),
    mode ? undefined : snapshot.readText(`${base}${LOG_FILE}`),
  ]);
  if (research === undefined) return undefined;
  if (mode && summarizeResearch(research).mode !== mode) return undefined;
  const log = mode ? await snapshot.readText(`${base}${LOG_FILE}`) : prefetchedLog;
  return describeExploration(folder, research, log).summary;
}

const DATED = /^\d{4}-\d{2}-\d{2}/;

/** Dated folders newest first (the name starts with the date), then undated ones by name. */
function newestFirst(a: string, b: string): number {
  const datedA = DATED.test(a);
  if (datedA !== DATED.test(b)) return datedA ? -1 : 1;
  const order = a < b ? -1 : a > b ? 1 : 0;
  return datedA ? -order : order;
}
