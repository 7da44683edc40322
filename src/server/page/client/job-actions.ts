/**
 * Cancelling and retrying a job, from its card in the jobs list or from its progress. A retried
 * job is a new job, followed at once.
 */
import { go } from "./address.ts";
import type { Job, JobAccepted } from "./api-types.ts";
import { $ } from "./dom.ts";
import { postJson } from "./http.ts";
import { refreshJobs } from "./jobs.ts";
import { announce, messageOf } from "./messages.ts";
import { finished, followedJobId } from "./progress.ts";

async function cancelJob(id: string): Promise<void> {
  try {
    const job = await postJson<Job>(`/api/jobs/${encodeURIComponent(id)}/cancel`);
    announce(job.status === "running" ? "Cancelling the job…" : "Job cancelled");
    if (id === followedJobId() && job.status === "failed") await finished(job);
  } catch (error) {
    announce(messageOf(error), true);
  }
  refreshJobs();
}

async function retryJob(id: string): Promise<void> {
  try {
    const answer = await postJson<JobAccepted>(`/api/jobs/${encodeURIComponent(id)}/retry`);
    announce(
      answer.duplicate_of_job
        ? "This idea is being explored already: following that job"
        : "Retrying as a new job",
    );
    go(`job/${answer.job_id}`);
  } catch (error) {
    announce(messageOf(error), true);
  }
  refreshJobs();
}

$("jobs").addEventListener("click", (event) => {
  const button = (event.target as Element).closest("button");
  if (!button) return;
  if (button.dataset.cancel) cancelJob(button.dataset.cancel);
  if (button.dataset.retry) retryJob(button.dataset.retry);
});
$("cancel-job").addEventListener("click", () => {
  const id = followedJobId();
  if (id) cancelJob(id);
});
$("retry-job").addEventListener("click", () => {
  const id = followedJobId();
  if (id) retryJob(id);
});
