import type { JobBackend } from "../../../src/jobs/job-backend.ts";
import { submitExplore } from "../../../src/research/explore/explore-service.ts";
import {
  refreshRequestFor,
  staleExplorations,
} from "../../../src/research/refresh/stale-explorations.ts";
import type { ResearchStore } from "../../../src/store/research-store.ts";
import type { RefreshSettings } from "./refresh-settings.ts";

/** One line per exploration the Cron Trigger looked at: what became of its refresh. */
export interface ScheduledRefresh {
  folder: string;
  ageDays: number;
  /** The job refreshing it (a new one, or the run of that idea already queued or running). */
  jobId: string | undefined;
  outcome: string;
}

/**
 * What one firing of the Cron Trigger does: the stalest explorations of the ideas repository
 * (as of the firing's scheduled time), each submitted as a refresh job exactly as POST
 * /api/explore submits one, so one run per idea, durable jobs and nothing re-paid hold as for
 * any job. Each refresh carries the schedule's cost cap. Jobs are submitted one after another: a
 * failure stops the firing with what was submitted so far logged, and the next firing (or a
 * person) picks up the rest, which are still stale.
 */
export async function refreshStaleExplorations(
  jobs: JobBackend,
  store: ResearchStore,
  settings: RefreshSettings,
  now: Date,
): Promise<ScheduledRefresh[]> {
  const stale = await staleExplorations(store, {
    olderThanDays: settings.olderThanDays,
    now,
    limit: settings.limit,
  });
  const submit = submitExplore(jobs, store, () => now);
  const done: ScheduledRefresh[] = [];
  for (const exploration of stale) {
    const request = refreshRequestFor(exploration, { maxCostUsd: settings.maxCostUsd });
    const outcome = await submit({ request, webhook: undefined, tokenId: undefined });
    done.push({
      folder: exploration.folder,
      ageDays: exploration.ageDays,
      jobId: "job" in outcome ? outcome.job.id : undefined,
      outcome: outcome.kind,
    });
  }
  return done;
}
