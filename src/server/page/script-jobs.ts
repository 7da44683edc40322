/**
 * The jobs list: filtered by status and mode, paged by the API's cursor, redrawn while a job is
 * queued or running; each job can be followed, cancelled (queued or running) or retried (failed).
 */
export const SCRIPT_JOBS = `
const jobsState = { cursor: null, poll: null, seq: 0 };

function jobStatusText(job) {
  return job.status === "failed" && job.error && job.error.code === "cancelled" ? "cancelled" : job.status;
}

function jobCard(job) {
  const idea = job.idea || job.job_id;
  const folder = job.status === "completed" ? resultFolder(job.result) : null;
  const actions = [
    (job.status === "pending" || job.status === "running") &&
      el("button", { type: "button", class: "secondary", "data-cancel": job.job_id, "data-focus-key": "cancel:" + job.job_id, "aria-label": "Cancel: " + idea, text: "Cancel" }),
    job.status === "failed" &&
      el("button", { type: "button", "data-retry": job.job_id, "data-focus-key": "retry:" + job.job_id, "aria-label": "Retry: " + idea, text: "Retry" }),
    folder && el("a", { href: "#exploration/" + encodeURIComponent(folder), "data-focus-key": "open:" + job.job_id, "aria-label": "Open the exploration: " + idea, text: "Open the exploration" }),
  ];
  return el("li", { class: "card", "data-job": job.job_id }, [
    el("h3", {}, [el("a", { href: "#job/" + encodeURIComponent(job.job_id), "data-focus-key": "job:" + job.job_id, text: idea })]),
    el("p", { class: "meta" }, [
      el("span", { class: "status-" + job.status, text: jobStatusText(job) }),
      job.mode && el("span", { class: "badge", text: job.mode }),
      el("span", { text: when(job.created_at) }),
      job.status === "running" && job.current_step && el("span", { text: "step: " + job.current_step }),
    ]),
    job.error && job.error.code !== "cancelled" && el("p", { class: "muted", text: job.error.message }),
    actions.some(Boolean) && el("div", { class: "actions" }, actions),
  ]);
}

async function refreshJobs(append) {
  const seq = ++jobsState.seq;
  const params = new URLSearchParams({ limit: "10" });
  if ($("jobs-status").value) params.set("status", $("jobs-status").value);
  if ($("jobs-mode").value) params.set("mode", $("jobs-mode").value);
  if (append && jobsState.cursor) params.set("cursor", jobsState.cursor);
  clearTimeout(jobsState.poll);
  try {
    const page = await api("/api/jobs?" + params);
    if (seq !== jobsState.seq) return;
    const list = $("jobs");
    keepFocus(list, () => {
      if (!append) list.replaceChildren();
      list.append(...page.jobs.map(jobCard));
    });
    jobsState.cursor = page.next_cursor;
    $("jobs-more").hidden = !page.next_cursor;
    const filtered = $("jobs-status").value || $("jobs-mode").value;
    show("jobs-info", list.children.length ? "" : filtered ? "no job matches these filters" : "no jobs yet");
    // While a listed job is queued or running, its status is drawn again every few seconds.
    if (list.querySelector(".status-pending, .status-running")) jobsState.poll = setTimeout(() => refreshJobs(), 4000);
  } catch (error) {
    if (seq === jobsState.seq) show("jobs-info", error.message, true, error);
  }
}

$("jobs").addEventListener("click", (event) => {
  const button = event.target.closest("button");
  if (!button) return;
  if (button.dataset.cancel) cancelJob(button.dataset.cancel);
  if (button.dataset.retry) retryJob(button.dataset.retry);
});
$("jobs-filter").addEventListener("submit", (event) => {
  event.preventDefault();
  refreshJobs();
});
$("jobs-status").addEventListener("change", () => refreshJobs());
$("jobs-mode").addEventListener("change", () => refreshJobs());
$("jobs-more").addEventListener("click", () => refreshJobs(true));
`;
