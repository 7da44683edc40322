/**
 * Submitting an idea, from the form or an exploration's actions, or a library entry's refresh:
 * one request at a time (the buttons are disabled while it is in flight); a duplicate opens the
 * existing exploration, an idea already in flight follows that job.
 */
import { go } from "./address.ts";
import type { AlreadyExplored, ExploreBody, JobAccepted } from "./api-types.ts";
import { $ } from "./dom.ts";
import { holdResearchActions } from "./exploration.ts";
import { formBody } from "./explore-form.ts";
import { folderOf } from "./format.ts";
import { postJson } from "./http.ts";
import { refreshJobs } from "./jobs.ts";
import { announce, messageOf, show } from "./messages.ts";

let submitting = false;

/** Sends an explore request; a refusal is shown in errorTarget ("status": announced). */
export function submitExplore(body: ExploreBody, what: string, errorTarget: string): Promise<void> {
  return submitJob("/api/explore", body, what, errorTarget);
}

/** POST /api/explorations/{folder}/refresh: a job like an update, followed as any other. */
export function submitRefresh(folder: string, title: string): Promise<void> {
  const path = `/api/explorations/${encodeURIComponent(folder)}/refresh`;
  // An empty JSON body: the route wants the JSON content type (no cross-site simple POST).
  return submitJob(path, {}, `a refresh of ${title}`, "status");
}

async function submitJob(
  path: string,
  body: object | undefined,
  what: string,
  errorTarget: string,
): Promise<void> {
  if (submitting) return;
  submitting = true;
  $<HTMLButtonElement>("submit").disabled = true;
  $("submit").setAttribute("aria-busy", "true");
  holdResearchActions(true);
  show("submit-error", "");
  try {
    const answer = await postJson<JobAccepted | AlreadyExplored>(path, body);
    if (answer.status === "exists") {
      const folder = folderOf(answer.path);
      announce(
        `Already explored on ${answer.date}: opening it (update or explore again to research it anew)`,
      );
      if (folder) go(`exploration/${folder}`);
    } else {
      announce(
        answer.duplicate_of_job
          ? "This idea is being explored already: following that job"
          : `Queued ${what}`,
      );
      go(`job/${answer.job_id}`);
    }
  } catch (error) {
    if (errorTarget === "status") announce(messageOf(error), true);
    else show(errorTarget, messageOf(error), true, error);
  } finally {
    submitting = false;
    $<HTMLButtonElement>("submit").disabled = false;
    $("submit").removeAttribute("aria-busy");
    holdResearchActions(false);
    refreshJobs();
  }
}

$("explore").addEventListener("submit", (event) => {
  event.preventDefault();
  submitExplore(formBody(), "the idea", "submit-error");
});
