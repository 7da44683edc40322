/**
 * One exploration: the report (HTML the server rendered and sanitized), its [n] markers named
 * after their sources, and the log summary. What it shows is kept for the actions on it
 * (exploration-actions.ts).
 */
import type { ExplorationDetail, Job, LogSummary, ResearchMode } from "./api-types.ts";
import { showChecks } from "./claim-checks.ts";
import { $, el, facts, present } from "./dom.ts";
import { count, money, plural, resultFolder } from "./format.ts";
import { api } from "./http.ts";
import { messageOf, show } from "./messages.ts";
import { summaryMeta } from "./summary-meta.ts";

/** The exploration on the page, as the actions need it. */
export type Shown = {
  folder: string;
  title: string;
  idea: string;
  mode: ResearchMode | string | null;
  markdown: string;
};

let shown: Shown | null = null;
/** Counts the openings, so a slow answer for an earlier one is dropped. */
let opening = 0;
/** While a submission is in flight, Update and Explore again wait for it. */
let submitting = false;

export const shownExploration = (): Shown | null => shown;

const ACTIONS = [
  "action-update",
  "action-force",
  "action-continue",
  "action-download",
  "action-copy",
];

function setExplorationActions(enabled: boolean): void {
  for (const id of ACTIONS) {
    $<HTMLButtonElement>(id).disabled =
      !enabled || (submitting && (id === "action-update" || id === "action-force"));
  }
}

/** Told by the submit form when a submission starts and ends (one request at a time). */
export function holdResearchActions(busy: boolean): void {
  submitting = busy;
  setExplorationActions(shown !== null);
}

function startShowing(title: string, focus: boolean): number {
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
async function loadExploration(folder: string, focus: boolean): Promise<void> {
  const ticket = startShowing(`Loading ${folder}…`, focus);
  const detail = await api<ExplorationDetail>(`/api/explorations/${encodeURIComponent(folder)}`);
  if (ticket !== opening) return;
  shown = {
    folder,
    title: detail.title,
    idea: detail.idea || detail.title,
    mode: detail.mode,
    markdown: detail.markdown,
  };
  $("exploration-heading").textContent = detail.title;
  $("exploration-meta").replaceChildren(...summaryMeta(detail).filter(present));
  showReport(detail.html, detail.title, detail.sources);
  renderLog(detail.log);
  setExplorationActions(true);
}

export async function openExploration(folder: string, focus: boolean): Promise<void> {
  try {
    await loadExploration(folder, focus);
  } catch (error) {
    $("exploration-heading").textContent = `Exploration ${folder}`;
    show("exploration-meta", messageOf(error), true, error);
  }
}

/** A finished job's report: from the library when the server has one, else from the job. */
export async function showReportOf(job: Job): Promise<void> {
  const folder = resultFolder(job.result);
  try {
    if (!folder) throw new Error("no folder");
    await loadExploration(folder, false);
  } catch {
    const idea = job.idea || "";
    const ticket = startShowing(idea || "Report", false);
    try {
      const [markdown, html] = await Promise.all([
        api<string>(job.research_url),
        api<string>(`${job.research_url}?format=html`),
      ]);
      if (ticket !== opening) return;
      shown = { folder: folder || job.job_id, title: idea, idea, mode: job.mode, markdown };
      $("exploration-meta").replaceChildren(el("span", { text: job.result?.path || "" }));
      showReport(html, idea, []);
      setExplorationActions(true);
    } catch (error) {
      show("exploration-meta", messageOf(error), true, error);
    }
  }
}

function showReport(html: string, title: string, sources: ExplorationDetail["sources"]): void {
  const report = $("report");
  report.innerHTML = html; // rendered and sanitized by the server (render-markdown.ts)
  const first = report.querySelector("h1");
  if (first && (first.textContent || "").trim() === title.trim()) first.remove();
  const byNumber = new Map(sources.map((s) => [String(s.n), s]));
  for (const link of report.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    link.target = "_blank";
    const marker = /^\[(\d+)\]$/.exec((link.textContent || "").trim());
    if (!marker?.[1]) continue;
    const source = byNumber.get(marker[1]);
    link.dataset.source = marker[1];
    link.setAttribute("aria-label", `source ${marker[1]}${source ? `: ${source.title}` : ""}`);
    if (source) link.title = source.title;
  }
}

function renderLog(log: LogSummary | null): void {
  $("log-summary").hidden = !log;
  if (!log) return;
  const updates = log.runs.filter((run) => run.update).length;
  const cache = log.tokens.cache_read + log.tokens.cache_write;
  facts($("log-facts"), [
    ["Runs", plural(log.runs.length, "run") + (updates ? ` (${plural(updates, "update")})` : "")],
    ["Model steps", count(log.steps)],
    ["Tokens", `${count(log.tokens.input)} in · ${count(log.tokens.output)} out`],
    ["Cache tokens", cache ? count(cache) : ""],
    ["Cost", log.cost_usd == null ? "unknown" : money(log.cost_usd)],
    ["Stopped by", log.stopped_by || "—"],
    ["Searches", count(log.queries.length)],
  ]);
  const checks = log.checks;
  showChecks(
    "log-checks",
    checks && {
      citations: checks.citations,
      supported: checks.supported,
      notFound: checks.not_found,
      nothingToCheck: checks.nothing_to_check,
      model: checks.model,
    },
  );
  $("log-queries-summary").textContent = `Searches made (${log.queries.length})`;
  $("log-queries").replaceChildren(
    ...log.queries.map((q) => {
      const found = q.result_count == null ? "" : ` → ${plural(q.result_count, "result")}`;
      return el("li", { text: q.query + (q.ok ? found : " → failed") });
    }),
  );
}
