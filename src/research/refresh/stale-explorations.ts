import {
  type ExploreRequest,
  parseExploreRequest,
  type ResearchMode,
  researchModeSchema,
} from "../../config/explore-request.ts";
import type { ResearchSnapshot } from "../../store/research-store.ts";
import { IDEAS_PREFIX } from "../../tools/research-path.ts";
import { describeExploration } from "../library/exploration-summary.ts";
import { checkFolderName } from "../library/folder-name.ts";
import { parseResearch } from "../research-document.ts";
import { ageInDays, lastResearched } from "./last-researched.ts";

export { DEFAULT_REFRESH_AGE_DAYS } from "./refresh-age.ts";

export interface StaleQuery {
  /** Explorations last researched at least this many days before `now`. */
  olderThanDays: number;
  now: Date;
  mode?: ResearchMode;
  /** A business analysis's latest verdict, e.g. "Pursue with changes" (any case). */
  verdict?: string;
  /** One folder under ideas/ (with or without the "ideas/" prefix). */
  folder?: string;
  /** Words the idea or the title contain (any case). */
  query?: string;
  /** At most this many, the stalest. */
  limit?: number;
}

export interface StaleExploration {
  folder: string;
  idea: string;
  mode: ResearchMode;
  /** YYYY-MM-DD: the latest of its date, its last update and its refreshes. */
  lastResearched: string;
  ageDays: number;
  verdict: string | null;
}

const READ_CONCURRENCY = 8;

/**
 * The explorations due for a refresh, stalest first (then by folder name), at most `limit`.
 * Only research.md files this product wrote count (a frontmatter with the idea and its mode):
 * a refresh re-asks the idea, so a file without one cannot be refreshed.
 *
 * Cost: one listing of ideas/ and one read of every research.md (the frontmatter is the only
 * record of when research was last done), eight at a time; a folder filter reads one file.
 */
export async function staleExplorations(
  store: ResearchSnapshot,
  q: StaleQuery,
): Promise<StaleExploration[]> {
  const wanted = q.folder
    ?.trim()
    .replace(/^ideas\//, "")
    .replace(/\/+$/, "");
  const folders = (await store.listIdeaFolders()).filter(
    (f) => checkFolderName(f).ok && (wanted === undefined || f === wanted),
  );
  const read = await readAll(store, folders);
  const verdict = q.verdict?.trim().toLowerCase();
  const words = (q.query ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const stale = read
    .filter((e) => e !== undefined)
    .filter((e) => e.ageDays >= q.olderThanDays)
    .filter((e) => !q.mode || e.mode === q.mode)
    .filter((e) => !verdict || e.verdict?.toLowerCase() === verdict)
    .filter((e) => words.every((w) => e.searchable.includes(w)))
    .sort((a, b) =>
      a.lastResearched === b.lastResearched
        ? a.folder.localeCompare(b.folder)
        : a.lastResearched < b.lastResearched
          ? -1
          : 1,
    )
    .map(({ searchable: _, ...e }) => e);
  return q.limit === undefined ? stale : stale.slice(0, Math.max(0, q.limit));

  async function readAll(snapshot: ResearchSnapshot, names: string[]) {
    const found: (Candidate | undefined)[] = [];
    let failures = 0;
    let firstFailure: unknown;
    for (let at = 0; at < names.length; at += READ_CONCURRENCY) {
      const chunk = names.slice(at, at + READ_CONCURRENCY);
      const settled = await Promise.allSettled(chunk.map((f) => candidate(snapshot, f, q.now)));
      for (const s of settled) {
        if (s.status === "fulfilled") found.push(s.value);
        else {
          failures += 1;
          firstFailure ??= s.reason;
        }
      }
    }
    // One unreadable folder is skipped; a repository that cannot be read is not "nothing stale".
    if (failures > 0 && failures === names.length) throw firstFailure;
    return found;
  }
}

type Candidate = StaleExploration & { searchable: string };

async function candidate(
  store: ResearchSnapshot,
  folder: string,
  now: Date,
): Promise<Candidate | undefined> {
  const text = await store.readText(`${IDEAS_PREFIX}${folder}/research.md`);
  const doc = text === undefined ? undefined : parseResearch(text);
  if (!text || !doc) return undefined;
  const { idea, title } = doc.frontmatter;
  const mode = researchModeSchema.safeParse(doc.frontmatter.mode);
  const last = lastResearched(doc.frontmatter);
  if (typeof idea !== "string" || !idea.trim() || !mode.success || !last) return undefined;
  return {
    folder,
    idea,
    mode: mode.data,
    lastResearched: last,
    ageDays: ageInDays(last, now),
    verdict: describeExploration(folder, text, undefined).summary.verdict,
    searchable: `${idea}\n${typeof title === "string" ? title : ""}`.toLowerCase(),
  };
}

/**
 * The request that refreshes `e`: its own idea and mode, an update that knows it is a refresh,
 * with the caller's limits (cost, steps, depth...). What would make it another kind of run
 * (force, continue-from) is dropped.
 */
export function refreshRequestFor(
  e: StaleExploration,
  base: Partial<ExploreRequest>,
): ExploreRequest {
  const { force: _force, continueFrom: _continueFrom, ...limits } = base;
  return parseExploreRequest({
    ...limits,
    idea: e.idea,
    mode: e.mode,
    update: true,
    refresh: true,
  });
}
