/**
 * One exploration: the report (HTML the server rendered and sanitized), its [n] markers named
 * after their sources, the log summary, and the actions: update, explore again, continue from,
 * download research.md, copy as Markdown.
 */
export const SCRIPT_EXPLORATION = String.raw`
let shown = null;
let opening = 0;

function summaryMeta(e) {
  const latest = e.updates.length ? e.updates[e.updates.length - 1] : "";
  return [
    e.mode && el("span", { class: "badge", text: e.mode }),
    e.date && el("span", { text: e.date }),
    e.verdict ? el("span", { text: "verdict: " + e.verdict }) : e.directions != null && el("span", { text: plural(e.directions, "direction") }),
    el("span", { text: plural(e.cited_sources, "cited source") }),
    e.cost_usd != null && el("span", { text: money(e.cost_usd) }),
    latest && el("span", { text: plural(e.updates.length, "update") + " (latest " + latest + ")" }),
  ];
}

function startShowing(title, focus) {
  $("exploration-section").hidden = false;
  $("exploration-heading").textContent = title;
  $("exploration-meta").replaceChildren();
  $("report").replaceChildren();
  $("log-summary").hidden = true;
  setExplorationActions(false);
  if (focus) $("exploration-heading").focus();
  return ++opening;
}

/** Opens ideas/<folder> from the library API; throws when it cannot (the caller says why). */
async function loadExploration(folder, focus) {
  const ticket = startShowing("Loading " + folder + "…", focus);
  const detail = await api("/api/explorations/" + encodeURIComponent(folder));
  if (ticket !== opening) return;
  shown = { folder, title: detail.title, idea: detail.idea || detail.title, mode: detail.mode, markdown: detail.markdown };
  $("exploration-heading").textContent = detail.title;
  $("exploration-meta").replaceChildren(...summaryMeta(detail).filter(Boolean));
  showReport(detail.html, detail.title, detail.sources);
  renderLog(detail.log);
  setExplorationActions(true);
}

async function openExploration(folder, focus) {
  try {
    await loadExploration(folder, focus);
  } catch (error) {
    $("exploration-heading").textContent = "Exploration " + folder;
    show("exploration-meta", error.message, true, error);
  }
}

/** A finished job's report: from the library when the server has one, else from the job. */
async function showReportOf(job) {
  const folder = resultFolder(job.result);
  try {
    if (!folder) throw new Error("no folder");
    await loadExploration(folder, false);
  } catch {
    const ticket = startShowing(job.idea || "Report", false);
    try {
      const [markdown, html] = await Promise.all([api(job.research_url), api(job.research_url + "?format=html")]);
      if (ticket !== opening) return;
      shown = { folder: folder || job.job_id, title: job.idea, idea: job.idea, mode: job.mode, markdown };
      $("exploration-meta").replaceChildren(el("span", { text: job.result.path || "" }));
      showReport(html, job.idea, []);
      setExplorationActions(true);
    } catch (error) {
      show("exploration-meta", error.message, true, error);
    }
  }
}

function showReport(html, title, sources) {
  const report = $("report");
  report.innerHTML = html; // rendered and sanitized by the server (render-markdown.ts)
  const first = report.querySelector("h1");
  if (first && first.textContent.trim() === (title || "").trim()) first.remove();
  const byNumber = new Map(sources.map((s) => [String(s.n), s]));
  for (const link of report.querySelectorAll("a[href]")) {
    link.target = "_blank";
    const marker = /^\[(\d+)\]$/.exec(link.textContent.trim());
    if (!marker) continue;
    const source = byNumber.get(marker[1]);
    link.dataset.source = marker[1];
    link.setAttribute("aria-label", "source " + marker[1] + (source ? ": " + source.title : ""));
    if (source) link.title = source.title;
  }
}

function renderLog(log) {
  $("log-summary").hidden = !log;
  if (!log) return;
  const updates = log.runs.filter((run) => run.update).length;
  const cache = log.tokens.cache_read + log.tokens.cache_write;
  facts($("log-facts"), [
    ["Runs", plural(log.runs.length, "run") + (updates ? " (" + plural(updates, "update") + ")" : "")],
    ["Model steps", count(log.steps)],
    ["Tokens", count(log.tokens.input) + " in · " + count(log.tokens.output) + " out"],
    ["Cache tokens", cache ? count(cache) : ""],
    ["Cost", log.cost_usd == null ? "unknown" : money(log.cost_usd)],
    ["Stopped by", log.stopped_by || "—"],
    ["Searches", count(log.queries.length)],
  ]);
  $("log-queries-summary").textContent = "Searches made (" + log.queries.length + ")";
  $("log-queries").replaceChildren(
    ...log.queries.map((q) => el("li", { text: q.query + (q.ok ? (q.result_count == null ? "" : " → " + plural(q.result_count, "result")) : " → failed") })),
  );
}

function setExplorationActions(enabled) {
  for (const id of ["action-update", "action-force", "action-continue", "action-download", "action-copy"]) {
    $(id).disabled = !enabled || (submitting && (id === "action-update" || id === "action-force"));
  }
}

function researchAgain(how) {
  if (!shown) return;
  const body = { idea: shown.idea };
  if (shown.mode === "business" || shown.mode === "exploration") body.mode = shown.mode;
  body[how] = true;
  submitExplore(body, (how === "update" ? "an update of " : "a new exploration of ") + shown.title, "status");
}

function download() {
  const url = URL.createObjectURL(new Blob([shown.markdown], { type: "text/markdown;charset=utf-8" }));
  const link = el("a", { href: url, download: shown.folder + "-research.md" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
  announce("Downloaded " + shown.folder + "-research.md");
}

async function copyMarkdown() {
  try {
    await navigator.clipboard.writeText(shown.markdown);
  } catch {
    // Without the Clipboard API (a page not served over https or from localhost): a selection.
    const area = el("textarea", { readonly: true, "aria-hidden": "true", class: "skip" });
    area.value = shown.markdown;
    document.body.append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    if (!copied) return announce("Copying was refused by the browser: use Download instead", true);
  }
  announce("Copied the Markdown of " + shown.title);
}

$("action-update").addEventListener("click", () => researchAgain("update"));
$("action-force").addEventListener("click", () => researchAgain("force"));
$("action-continue").addEventListener("click", () => {
  $("continue-from").value = shown.folder;
  $("more-options").open = true;
  $("idea").focus();
  announce("Continuing from " + shown.folder + ": write the new idea, then Explore");
});
$("action-download").addEventListener("click", download);
$("action-copy").addEventListener("click", copyMarkdown);
`;
