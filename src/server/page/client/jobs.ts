/**
 * The jobs list: filtered by status and mode, paged by the API's cursor, redrawn while a job is
 * queued or running. Each card links to the job's progress and offers its actions (cancel while
 * queued or running, retry once failed: job-actions.ts handles the clicks).
 */
import type { Job, JobList, JobsQuery } from "./api-types.ts";
import { $, el, keepFocus } from "./dom.ts";
import { resultFolder, when } from "./format.ts";
import { api, query } from "./http.ts";
import { messageOf, show } from "./messages.ts";

const jobsState = {
  cursor: null as string | null,
  poll: undefined as ReturnType<typeof setTimeout> | undefined,
  /** Counts the refreshes, so a slow answer for an earlier one is dropped. */
  seq: 0,
};

function jobStatusText(job: Job): string {
  return job.status === "failed" && job.error?.code === "cancelled" ? "cancelled" : job.status;
}

function jobActions(job: Job, idea: string): HTMLElement[] {
  const folder = job.status === "completed" ? resultFolder(job.result) : null;
  const actions: HTMLElement[] = [];
  if (job.status === "pending" || job.status === "running") {
    actions.push(
      el("button", {
        type: "button",
        class: "secondary",
        "data-cancel": job.job_id,
        "data-focus-key": `cancel:${job.job_id}`,
        "aria-label": `Cancel: ${idea}`,
        text: "Cancel",
      }),
    );
  }
  if (job.status === "failed") {
    actions.push(
      el("button", {
        type: "button",
        "data-retry": job.job_id,
        "data-focus-key": `retry:${job.job_id}`,
        "aria-label": `Retry: ${idea}`,
        text: "Retry",
      }),
    );
  }
  if (folder) {
    actions.push(
      el("a", {
        href: `#exploration/${encodeURIComponent(folder)}`,
        "data-focus-key": `open:${job.job_id}`,
        "aria-label": `Open the exploration: ${idea}`,
        text: "Open the exploration",
      }),
    );
  }
  return actions;
}

function jobCard(job: Job): HTMLElement {
  const idea = job.idea || job.job_id;
  const actions = jobActions(job, idea);
  const jobLink = el("a", {
    href: `#job/${encodeURIComponent(job.job_id)}`,
    "data-focus-key": `job:${job.job_id}`,
    text: idea,
  });
  return el("li", { class: "card", "data-job": job.job_id }, [
    el("h3", {}, [jobLink]),
    el("p", { class: "meta" }, [
      el("span", { class: `status-${job.status}`, text: jobStatusText(job) }),
      job.mode && el("span", { class: "badge", text: job.mode }),
      el("span", { text: when(job.created_at) }),
      job.status === "running" &&
        job.current_step &&
        el("span", { text: `step: ${job.current_step}` }),
    ]),
    job.error &&
      job.error.code !== "cancelled" &&
      el("p", { class: "muted", text: job.error.message }),
    actions.length > 0 && el("div", { class: "actions" }, actions),
  ]);
}

/** Draws the list again (append: the next page under it). */
export async function refreshJobs(append?: boolean): Promise<void> {
  const seq = ++jobsState.seq;
  const status = $<HTMLSelectElement>("jobs-status").value;
  const mode = $<HTMLSelectElement>("jobs-mode").value;
  const fields: JobsQuery = {
    limit: "10",
    status: status as JobsQuery["status"],
    mode: mode as JobsQuery["mode"],
    cursor: append && jobsState.cursor ? jobsState.cursor : undefined,
  };
  clearTimeout(jobsState.poll);
  try {
    const page = await api<JobList>(`/api/jobs?${query(fields)}`);
    if (seq !== jobsState.seq) return;
    const list = $("jobs");
    keepFocus(list, () => {
      if (!append) list.replaceChildren();
      list.append(...page.jobs.map(jobCard));
    });
    jobsState.cursor = page.next_cursor;
    $("jobs-more").hidden = !page.next_cursor;
    const filtered = status || mode;
    const empty = filtered ? "no job matches these filters" : "no jobs yet";
    show("jobs-info", list.children.length ? "" : empty);
    // While a listed job is queued or running, its status is drawn again every few seconds.
    if (list.querySelector(".status-pending, .status-running")) {
      jobsState.poll = setTimeout(() => refreshJobs(), 4000);
    }
  } catch (error) {
    if (seq === jobsState.seq) show("jobs-info", messageOf(error), true, error);
  }
}

$("jobs-filter").addEventListener("submit", (event) => {
  event.preventDefault();
  refreshJobs();
});
$("jobs-status").addEventListener("change", () => refreshJobs());
$("jobs-mode").addEventListener("change", () => refreshJobs());
$("jobs-more").addEventListener("click", () => refreshJobs(true));
