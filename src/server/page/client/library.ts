/**
 * The library: every exploration of the ideas repository through GET /api/explorations, searched
 * with its q (ranked as search_research ranks), filtered by mode, sorted, shown a page at a time.
 * The API pages newest first, stalest first or by rank; sorting by date otherwise reads every
 * match first (a search reads at most 50 folders; the whole library up to ALL_LIMIT
 * explorations). Each entry says how long ago it was researched and offers a refresh
 * (library-actions.ts handles the clicks).
 */
import type {
  ExplorationList,
  ExplorationSummary,
  ExplorationsQuery,
  ResearchMode,
} from "./api-types.ts";
import { $, el, keepFocus } from "./dom.ts";
import { plural } from "./format.ts";
import { api, query } from "./http.ts";
import { messageOf, show } from "./messages.ts";
import { summaryMeta } from "./summary-meta.ts";

const PAGE_SIZE = 10;
const ALL_LIMIT = 1000;

/** One listing: its search, and the explorations read for it so far. */
type Listing = {
  q: string;
  mode: string;
  sort: string;
  items: ExplorationSummary[];
  cursor: string | null;
  done: boolean;
  page: number;
  search: ExplorationList["search"];
};

let library: Listing | null = null;
/** Once the sort was chosen by hand, a search keeps it. */
let sortTouched = false;

function libraryCard(e: ExplorationSummary): HTMLElement {
  const folderLink = el("a", {
    href: `#exploration/${encodeURIComponent(e.folder)}`,
    "data-focus-key": `lib:${e.folder}`,
    text: e.title,
  });
  // A refresh re-asks the idea in its mode: a file written by hand without them has neither.
  const refreshable = Boolean(e.idea && e.mode);
  return el("li", { class: "card", "data-folder": e.folder }, [
    el("h3", {}, [folderLink]),
    e.idea &&
      e.idea !== e.title &&
      el("p", { class: "muted", text: e.idea.length > 200 ? `${e.idea.slice(0, 199)}…` : e.idea }),
    el("p", { class: "meta" }, summaryMeta(e)),
    refreshable &&
      el("div", { class: "actions" }, [
        el("button", {
          type: "button",
          class: "secondary",
          "data-refresh": e.folder,
          "data-title": e.title,
          "data-focus-key": `refresh:${e.folder}`,
          "aria-label": `Refresh: ${e.title}`,
          text: "Refresh",
        }),
      ]),
  ]);
}

/** Reads API pages into the listing until it holds want explorations or the last page came. */
async function fetchExplorations(state: Listing, want: number): Promise<void> {
  while (!state.done && state.items.length < want) {
    const limit = Math.min(100, Math.max(PAGE_SIZE, want - state.items.length));
    const fields: ExplorationsQuery = {
      limit: String(limit),
      q: state.q,
      mode: state.mode as ResearchMode,
      sort: state.sort === "stalest" ? "stalest" : undefined,
      cursor: state.cursor ?? undefined,
    };
    const page = await api<ExplorationList>(`/api/explorations?${query(fields)}`);
    state.items.push(...page.explorations);
    state.cursor = page.next_cursor;
    state.done = !page.next_cursor;
    state.search = page.search;
  }
}

/** Shows the library: a new listing from the search form (reset), or another page of this one. */
export async function loadLibrary(reset: boolean): Promise<void> {
  if (reset || !library) {
    library = {
      q: $<HTMLInputElement>("q").value.trim(),
      mode: $<HTMLSelectElement>("library-mode").value,
      sort: $<HTMLSelectElement>("library-sort").value,
      items: [],
      cursor: null,
      done: false,
      page: 0,
      search: null,
    };
  }
  const state = library;
  const byDate = state.sort === "oldest" || (state.sort === "newest" && state.q !== "");
  show("library-info", "Loading…");
  try {
    await fetchExplorations(state, byDate ? ALL_LIMIT : (state.page + 1) * PAGE_SIZE + 1);
    if (state !== library) return;
    renderLibrary(state, byDate);
  } catch (error) {
    if (state === library) show("library-info", messageOf(error), true, error);
  }
}

function describe(state: Listing, items: ExplorationSummary[], start: number): string {
  const end = Math.min(items.length, start + PAGE_SIZE);
  const shownRange = items.length ? `showing ${start + 1}–${end}` : "";
  let info: string;
  if (items.length === 0) {
    info = state.q
      ? `No exploration matches "${state.q}"`
      : "The library is empty: explore an idea to start it";
  } else if (state.q) {
    const matches = state.done
      ? plural(items.length, "match").replace(/matchs$/, "matches")
      : "Matches";
    info = `${matches} for "${state.q}"`;
  } else info = state.done ? plural(items.length, "exploration") : "Explorations";
  if (items.length) {
    const order =
      state.sort === "oldest"
        ? "oldest first"
        : state.sort === "stalest"
          ? "stalest first"
          : state.sort === "match" && state.q
            ? "best match first"
            : "newest first";
    info += `, ${order}, ${shownRange}`;
  }
  if (state.search && state.search.searched < state.search.folders) {
    info += ` (the search read the ${state.search.searched} likeliest of ${state.search.folders} folders)`;
  }
  return info;
}

function renderLibrary(state: Listing, byDate: boolean): void {
  const items = state.items.slice();
  if (byDate) {
    const key = (e: ExplorationSummary) => `${e.date || ""} ${e.folder}`;
    items.sort((a, b) => (state.sort === "oldest" ? 1 : -1) * key(a).localeCompare(key(b)));
  }
  const start = state.page * PAGE_SIZE;
  const list = $("library");
  keepFocus(list, () =>
    list.replaceChildren(...items.slice(start, start + PAGE_SIZE).map(libraryCard)),
  );
  const more = items.length > start + PAGE_SIZE;
  const pages = state.done ? Math.max(1, Math.ceil(items.length / PAGE_SIZE)) : null;
  $<HTMLButtonElement>("library-prev").disabled = state.page === 0;
  $<HTMLButtonElement>("library-next").disabled = !more;
  $("library-page").textContent = `page ${state.page + 1}${pages ? ` of ${pages}` : ""}`;
  $("library-page").closest("nav")!.hidden = state.page === 0 && !more;
  show("library-info", describe(state, items, start));
  // A pager button that just became disabled had the focus: give it to the first result.
  if ((document.activeElement as HTMLButtonElement | null)?.disabled) {
    list.querySelector("a")?.focus();
  }
}

function turnPage(by: number): void {
  if (!library) return;
  library.page = Math.max(0, library.page + by);
  loadLibrary(false);
}

$("library-search").addEventListener("submit", (event) => {
  event.preventDefault();
  // A search is shown best match first unless a date order was chosen on purpose.
  const sort = $<HTMLSelectElement>("library-sort");
  if (!sortTouched) sort.value = $<HTMLInputElement>("q").value.trim() ? "match" : "newest";
  loadLibrary(true);
});
$("library-sort").addEventListener("change", () => {
  sortTouched = true;
  loadLibrary(true);
});
$("library-mode").addEventListener("change", () => loadLibrary(true));
$("library-prev").addEventListener("click", () => turnPage(-1));
$("library-next").addEventListener("click", () => turnPage(1));
