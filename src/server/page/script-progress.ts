/**
 * Live progress of one job over its SSE stream: the step, deep research's plan and latest lines,
 * each search and page, tokens, cost and elapsed time; cancel and retry; the report once it is
 * committed. Step and status changes are announced; the lists are not (they would be chatter).
 */
export const SCRIPT_PROGRESS = String.raw`
const live = { id: null, job: null, controller: null, timer: null, since: null, said: "" };

function stopWatching() {
  if (live.controller) live.controller.abort();
  clearInterval(live.timer);
  live.controller = null;
  live.timer = null;
}

async function watch(jobId, focus) {
  stopWatching();
  const controller = new AbortController();
  Object.assign(live, { id: jobId, job: null, controller, since: null, said: "" });
  $("progress-section").hidden = false;
  for (const id of ["queries", "pages", "lines"]) $(id).replaceChildren();
  $("plan").textContent = "";
  $("deep").hidden = true;
  $("progress-facts").replaceChildren();
  $("progress-idea").textContent = "Job " + jobId;
  show("progress", "loading…");
  setJobButtons(null);
  if (focus) $("progress-heading").focus();
  try {
    const job = await api("/api/jobs/" + encodeURIComponent(jobId));
    if (controller.signal.aborted) return;
    live.job = job;
    $("progress-idea").replaceChildren(
      el("strong", { text: job.idea || jobId }),
      document.createTextNode(" · " + [job.mode, "submitted " + when(job.created_at)].filter(Boolean).join(" · ")),
    );
    if (job.status === "completed" || job.status === "failed") return await finished(job);
    renderProgress({ status: job.status, current_step: job.current_step, progress: job.progress });
    live.timer = setInterval(tick, 1000);
    await readEvents("/api/jobs/" + encodeURIComponent(jobId) + "/events", controller.signal, async (event, data) => {
      if (controller.signal.aborted) return;
      if (event === "progress") renderProgress(data);
      else if (event === "result") await finished(data);
    });
  } catch (error) {
    if (!controller.signal.aborted) show("progress", error.message, true, error);
  }
}

function tick() {
  const dd = $("fact-elapsed");
  if (dd && live.since) dd.textContent = duration(Date.now() - live.since);
}

function renderProgress(data) {
  const p = data.progress || {};
  const step = data.current_step || p.step;
  if (p.started_at) live.since = Date.parse(p.started_at);
  else if (!live.since && live.job) live.since = Date.parse(live.job.created_at);
  const parts = [data.status];
  if (step) parts.push("step: " + step);
  if (p.agent_step != null) parts.push("model call " + p.agent_step + (p.max_steps ? " of " + p.max_steps : ""));
  if (p.message && !p.plan) parts.push(p.message);
  show("progress", parts.join(" · "));
  facts($("progress-facts"), [
    ["Elapsed", live.since ? duration(Date.now() - live.since) : "", "fact-elapsed"],
    ["Tokens so far", p.input_tokens != null ? count(p.input_tokens) + " in · " + count(p.output_tokens || 0) + " out" : ""],
    ["Cost so far", p.cost_usd != null ? money(p.cost_usd) : ""],
    ["Tool calls", p.tool_calls != null ? count(p.tool_calls) : ""],
    ["Searches", p.query_count != null ? count(p.query_count) : ""],
    ["Pages retrieved", p.page_count != null ? count(p.page_count) : ""],
  ]);
  renderLists(p);
  setJobButtons({ job_id: live.id, status: data.status });
  // "sub-question-1", "-2"...: one announcement for the phase, not one per parallel run.
  const said = "Job " + data.status + (step ? ": " + String(step).replace(/-\d+$/, "") : "");
  if (said !== live.said) {
    live.said = said;
    announce(said);
  }
}

function renderLists(p) {
  const queries = p.queries || [];
  $("queries").replaceChildren(
    ...queries.map((q) =>
      el("li", { text: '"' + q.query + '" → ' + (q.ok ? (q.results == null ? "searched" : plural(q.results, "result")) : "failed") }),
    ),
  );
  if (p.query_count > queries.length) $("queries").append(el("li", { class: "muted", text: "the latest " + queries.length + " of " + count(p.query_count) + " shown" }));
  const pages = p.pages || [];
  $("pages").replaceChildren(...pages.map((page) => el("li", {}, [outLink(page.url, page.title || page.url)])));
  if (p.page_count > pages.length) $("pages").append(el("li", { class: "muted", text: "the latest " + pages.length + " of " + count(p.page_count) + " shown" }));
  const deep = Boolean(p.plan) || (p.lines || []).length > 0;
  $("deep").hidden = !deep;
  if (deep) {
    $("plan").textContent = p.plan || "";
    $("lines").replaceChildren(...(p.lines || []).map((line) => el("li", { text: line })));
  }
}

function setJobButtons(job) {
  const focused = document.activeElement;
  const active = Boolean(job) && (job.status === "pending" || job.status === "running");
  $("cancel-job").hidden = !active;
  $("retry-job").hidden = !job || job.status !== "failed";
  const folder = job && job.status === "completed" ? resultFolder(job.result) : null;
  $("open-result").hidden = !folder;
  if (folder) $("open-result").setAttribute("href", "#exploration/" + encodeURIComponent(folder));
  // The button a keyboard user just pressed may be gone (cancel): the focus goes to what follows.
  if (focused && focused.hidden && $("progress-section").contains(focused)) {
    const next = [$("retry-job"), $("open-result")].find((b) => !b.hidden) || $("progress-heading");
    next.focus();
  }
}

async function finished(job) {
  clearInterval(live.timer);
  live.job = job;
  setJobButtons(job);
  refreshJobs();
  if (job.status === "failed") {
    const cancelled = job.error.code === "cancelled";
    show("progress", (cancelled ? "cancelled: " : "failed: ") + job.error.message + " (" + job.error.code + ")", !cancelled);
    announce(cancelled ? "Job cancelled" : "Job failed: " + job.error.message, !cancelled);
    return;
  }
  const result = job.result || {};
  const stats = result.stats || {};
  const sources = stats.citedSources === undefined ? "" : "cited " + stats.citedSources + " of " + stats.sources + " sources";
  const what = result.status === "duplicate" ? "already explored" : "";
  show("progress", ["completed", what, result.path, sources, costText(stats.cost)].filter(Boolean).join(" · "));
  if (stats.durationMs !== undefined) {
    facts($("progress-facts"), [
      ["Took", duration(stats.durationMs)],
      ["Tokens", count(stats.inputTokens) + " in · " + count(stats.outputTokens) + " out"],
      ["Cost", costText(stats.cost)],
      ["Tool calls", count(stats.toolCalls)],
      ["Sources", count(stats.sources)],
    ]);
  }
  announce("Job completed: the report is shown under Exploration");
  loadLibrary(true);
  await showReportOf(job);
}

async function cancelJob(id) {
  try {
    const job = await postJson("/api/jobs/" + encodeURIComponent(id) + "/cancel");
    announce(job.status === "running" ? "Cancelling the job…" : "Job cancelled");
    if (id === live.id && job.status === "failed") await finished(job);
  } catch (error) {
    announce(error.message, true);
  }
  refreshJobs();
}

async function retryJob(id) {
  try {
    const answer = await postJson("/api/jobs/" + encodeURIComponent(id) + "/retry");
    announce(answer.duplicate_of_job ? "This idea is being explored already: following that job" : "Retrying as a new job");
    go("job/" + answer.job_id);
  } catch (error) {
    announce(error.message, true);
  }
  refreshJobs();
}

$("cancel-job").addEventListener("click", () => cancelJob(live.id));
$("retry-job").addEventListener("click", () => retryJob(live.id));
`;
