/**
 * The library: every exploration of the ideas repository through GET /api/explorations, searched
 * with its q (ranked as search_research ranks), filtered by mode, sorted, shown a page at a time.
 * The API pages newest first or by rank; sorting by date otherwise reads every match first
 * (a search reads at most 50 folders; the whole library up to ALL_LIMIT explorations).
 */
export const SCRIPT_LIBRARY = `
const PAGE_SIZE = 10;
const ALL_LIMIT = 1000;
let library = null;
let sortTouched = false;

function libraryCard(e) {
  return el("li", { class: "card", "data-folder": e.folder }, [
    el("h3", {}, [el("a", { href: "#exploration/" + encodeURIComponent(e.folder), "data-focus-key": "lib:" + e.folder, text: e.title })]),
    e.idea && e.idea !== e.title && el("p", { class: "muted", text: e.idea.length > 200 ? e.idea.slice(0, 199) + "…" : e.idea }),
    el("p", { class: "meta" }, summaryMeta(e)),
  ]);
}

/** Reads API pages into the listing until it holds want explorations or the last page came. */
async function fetchExplorations(state, want) {
  while (!state.done && state.items.length < want) {
    const limit = Math.min(100, Math.max(PAGE_SIZE, want - state.items.length));
    const params = new URLSearchParams({ limit: String(limit) });
    if (state.q) params.set("q", state.q);
    if (state.mode) params.set("mode", state.mode);
    if (state.cursor) params.set("cursor", state.cursor);
    const page = await api("/api/explorations?" + params);
    state.items.push(...page.explorations);
    state.cursor = page.next_cursor;
    state.done = !page.next_cursor;
    state.search = page.search;
  }
}

async function loadLibrary(reset) {
  if (reset || !library) {
    library = { q: $("q").value.trim(), mode: $("library-mode").value, sort: $("library-sort").value };
    Object.assign(library, { items: [], cursor: null, done: false, page: 0, search: null });
  }
  const state = library;
  const byDate = state.sort === "oldest" || (state.sort === "newest" && state.q !== "");
  show("library-info", "Loading…");
  try {
    await fetchExplorations(state, byDate ? ALL_LIMIT : (state.page + 1) * PAGE_SIZE + 1);
    if (state !== library) return;
    renderLibrary(state, byDate);
  } catch (error) {
    if (state === library) show("library-info", error.message, true, error);
  }
}

function renderLibrary(state, byDate) {
  const items = state.items.slice();
  if (byDate) {
    const key = (e) => (e.date || "") + " " + e.folder;
    items.sort((a, b) => (state.sort === "oldest" ? 1 : -1) * key(a).localeCompare(key(b)));
  }
  const start = state.page * PAGE_SIZE;
  const list = $("library");
  keepFocus(list, () => list.replaceChildren(...items.slice(start, start + PAGE_SIZE).map(libraryCard)));
  const more = items.length > start + PAGE_SIZE;
  const pages = state.done ? Math.max(1, Math.ceil(items.length / PAGE_SIZE)) : null;
  $("library-prev").disabled = state.page === 0;
  $("library-next").disabled = !more;
  $("library-page").textContent = "page " + (state.page + 1) + (pages ? " of " + pages : "");
  $("library-page").closest("nav").hidden = state.page === 0 && !more;
  const shownRange = items.length ? "showing " + (start + 1) + "–" + Math.min(items.length, start + PAGE_SIZE) : "";
  let info;
  if (items.length === 0) info = state.q ? 'No exploration matches "' + state.q + '"' : "The library is empty: explore an idea to start it";
  else if (state.q) info = (state.done ? plural(items.length, "match").replace(/matchs$/, "matches") : "Matches") + ' for "' + state.q + '"';
  else info = state.done ? plural(items.length, "exploration") : "Explorations";
  if (items.length) info += ", " + (state.sort === "oldest" ? "oldest first" : state.sort === "match" && state.q ? "best match first" : "newest first") + ", " + shownRange;
  if (state.search && state.search.searched < state.search.folders) {
    info += " (the search read the " + state.search.searched + " likeliest of " + state.search.folders + " folders)";
  }
  show("library-info", info);
  // A pager button that just became disabled had the focus: give it to the first result.
  if (document.activeElement && document.activeElement.disabled) {
    const first = list.querySelector("a");
    if (first) first.focus();
  }
}

function turnPage(by) {
  library.page = Math.max(0, library.page + by);
  loadLibrary(false);
}

$("library-search").addEventListener("submit", (event) => {
  event.preventDefault();
  // A search is shown best match first unless a date order was chosen on purpose.
  const sort = $("library-sort");
  if (!sortTouched) sort.value = $("q").value.trim() ? "match" : "newest";
  loadLibrary(true);
});
$("library-sort").addEventListener("change", () => {
  sortTouched = true;
  loadLibrary(true);
});
$("library-mode").addEventListener("change", () => loadLibrary(true));
$("library-prev").addEventListener("click", () => turnPage(-1));
$("library-next").addEventListener("click", () => turnPage(1));
`;
