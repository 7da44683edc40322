/**
 * Live progress of one job over its SSE stream: the step, deep research's plan and latest lines,
 * each search and page, tokens, cost and elapsed time; the report once it is committed. Step and
 * status changes are announced; the lists are not (they would be chatter).
 */
import type { Job, JobProgress, JobResult, ProgressEvent } from "./api-types.ts";
import { showChecks } from "./claim-checks.ts";
import { $, el, facts, outLink } from "./dom.ts";
import { showReportOf } from "./exploration.ts";
import { costText, count, duration, money, plural, resultFolder, when } from "./format.ts";
import { api, readEvents } from "./http.ts";
import { refreshJobs } from "./jobs.ts";
import { loadLibrary } from "./library.ts";
import { announce, messageOf, show } from "./messages.ts";

/** The job followed: its id, its record once read, its stream, and what was last announced. */
const live = {
  id: null as string | null,
  job: null as Job | null,
  controller: null as AbortController | null,
  timer: undefined as ReturnType<typeof setInterval> | undefined,
  since: null as number | null,
  said: "",
};

export const followedJobId = (): string | null => live.id;

function stopWatching(): void {
  live.controller?.abort();
  clearInterval(live.timer);
  live.controller = null;
  live.timer = undefined;
}

/** Follows a job: its record, then its event stream until it finishes. */
export async function watch(jobId: string, focus: boolean): Promise<void> {
  stopWatching();
  const controller = new AbortController();
  Object.assign(live, { id: jobId, job: null, controller, since: null, said: "" });
  $("progress-section").hidden = false;
  for (const id of ["queries", "pages", "lines"]) $(id).replaceChildren();
  $("plan").textContent = "";
  $("deep").hidden = true;
  $("progress-facts").replaceChildren();
  showChecks("progress-checks", null);
  $("progress-idea").textContent = `Job ${jobId}`;
  show("progress", "loading…");
  setJobButtons(null);
  if (focus) $("progress-heading").focus();
  const path = `/api/jobs/${encodeURIComponent(jobId)}`;
  try {
    const job = await api<Job>(path);
    if (controller.signal.aborted) return;
    live.job = job;
    const about = [job.mode, `submitted ${when(job.created_at)}`].filter(Boolean).join(" · ");
    $("progress-idea").replaceChildren(
      el("strong", { text: job.idea || jobId }),
      document.createTextNode(` · ${about}`),
    );
    if (job.status === "completed" || job.status === "failed") return await finished(job);
    renderProgress({ status: job.status, current_step: job.current_step, progress: job.progress });
    live.timer = setInterval(tick, 1000);
    await readEvents(`${path}/events`, controller.signal, async (event, data) => {
      if (controller.signal.aborted) return;
      if (event === "progress") renderProgress(data as ProgressEvent);
      else if (event === "result") await finished(data as Job);
    });
  } catch (error) {
    if (!controller.signal.aborted) show("progress", messageOf(error), true, error);
  }
}

/** After a token change: follows the job again if the old token could not read it. */
export function watchAgainIfUnread(): boolean {
  if (!live.id || live.job !== null) return false;
  watch(live.id, false);
  return true;
}

function tick(): void {
  const dd = document.getElementById("fact-elapsed");
  if (dd && live.since) dd.textContent = duration(Date.now() - live.since);
}

function renderProgress(data: ProgressEvent): void {
  const p: Partial<JobProgress> = data.progress || {};
  const step = data.current_step || p.step;
  if (p.started_at) live.since = Date.parse(p.started_at);
  else if (!live.since && live.job) live.since = Date.parse(live.job.created_at);
  const parts = [data.status];
  if (step) parts.push(`step: ${step}`);
  if (p.agent_step != null) {
    parts.push(`model call ${p.agent_step}${p.max_steps ? ` of ${p.max_steps}` : ""}`);
  }
  if (p.message && !p.plan) parts.push(p.message);
  show("progress", parts.join(" · "));
  const tokens =
    p.input_tokens != null
      ? `${count(p.input_tokens)} in · ${count(p.output_tokens || 0)} out`
      : "";
  facts($("progress-facts"), [
    ["Elapsed", live.since ? duration(Date.now() - live.since) : "", "fact-elapsed"],
    ["Tokens so far", tokens],
    ["Cost so far", p.cost_usd != null ? money(p.cost_usd) : ""],
    ["Tool calls", p.tool_calls != null ? count(p.tool_calls) : ""],
    ["Searches", p.query_count != null ? count(p.query_count) : ""],
    ["Pages retrieved", p.page_count != null ? count(p.page_count) : ""],
  ]);
  renderLists(p);
  setJobButtons({ status: data.status });
  // "sub-question-1", "-2"...: one announcement for the phase, not one per parallel run.
  const said = `Job ${data.status}${step ? `: ${String(step).replace(/-\d+$/, "")}` : ""}`;
  if (said !== live.said) {
    live.said = said;
    announce(said);
  }
}

/** "the latest 20 of 31 shown", under a list the server cut to its latest entries. */
const latestOf = (shown: number, total: number) =>
  el("li", { class: "muted", text: `the latest ${shown} of ${count(total)} shown` });

function renderLists(p: Partial<JobProgress>): void {
  const queries = p.queries || [];
  $("queries").replaceChildren(
    ...queries.map((q) => {
      const found = q.results == null ? "searched" : plural(q.results, "result");
      return el("li", { text: `"${q.query}" → ${q.ok ? found : "failed"}` });
    }),
  );
  if ((p.query_count ?? 0) > queries.length) {
    $("queries").append(latestOf(queries.length, p.query_count ?? 0));
  }
  const pages = p.pages || [];
  $("pages").replaceChildren(
    ...pages.map((page) => el("li", {}, [outLink(page.url, page.title || page.url)])),
  );
  if ((p.page_count ?? 0) > pages.length) {
    $("pages").append(latestOf(pages.length, p.page_count ?? 0));
  }
  const deep = Boolean(p.plan) || (p.lines || []).length > 0;
  $("deep").hidden = !deep;
  if (deep) {
    $("plan").textContent = p.plan || "";
    $("lines").replaceChildren(...(p.lines || []).map((line) => el("li", { text: line })));
  }
}

function setJobButtons(job: { status: string; result?: JobResult | null } | null): void {
  const focused = document.activeElement;
  const status = job?.status;
  $("cancel-job").hidden = status !== "pending" && status !== "running";
  $("retry-job").hidden = status !== "failed";
  const folder = job && status === "completed" ? resultFolder(job.result) : null;
  $("open-result").hidden = !folder;
  if (folder) $("open-result").setAttribute("href", `#exploration/${encodeURIComponent(folder)}`);
  // The button a keyboard user just pressed may be gone (cancel): the focus goes to what follows.
  if (focused instanceof HTMLElement && focused.hidden && $("progress-section").contains(focused)) {
    const next = [$("retry-job"), $("open-result")].find((b) => !b.hidden) || $("progress-heading");
    next.focus();
  }
}

/** A job that ended: why it failed, or what it made, then its report. */
export async function finished(job: Job): Promise<void> {
  clearInterval(live.timer);
  live.job = job;
  setJobButtons(job);
  refreshJobs();
  if (job.status === "failed") {
    const error = job.error!;
    const cancelled = error.code === "cancelled";
    const how = cancelled ? "cancelled: " : "failed: ";
    show("progress", `${how}${error.message} (${error.code})`, !cancelled);
    announce(cancelled ? "Job cancelled" : `Job failed: ${error.message}`, !cancelled);
    return;
  }
  const result = job.result;
  const stats = result?.stats;
  const sources =
    stats?.citedSources === undefined
      ? ""
      : `cited ${stats.citedSources} of ${stats.sources} sources`;
  const what = result?.status === "duplicate" ? "already explored" : "";
  const summary = ["completed", what, result?.path, sources, costText(stats?.cost)];
  show("progress", summary.filter(Boolean).join(" · "));
  if (stats?.durationMs !== undefined) {
    facts($("progress-facts"), [
      ["Took", duration(stats.durationMs)],
      ["Tokens", `${count(stats.inputTokens)} in · ${count(stats.outputTokens)} out`],
      ["Cost", costText(stats.cost)],
      ["Tool calls", count(stats.toolCalls)],
      ["Sources", count(stats.sources)],
    ]);
  }
  showChecks("progress-checks", stats?.checks);
  announce("Job completed: the report is shown under Exploration");
  loadLibrary(true);
  await showReportOf(job);
}
