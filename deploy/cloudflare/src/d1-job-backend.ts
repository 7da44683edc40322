import type { JobBackend, JobListRequest, JobPage } from "../../../src/jobs/job-backend.ts";
import { decodeCursor, encodeCursor } from "../../../src/jobs/job-cursor.ts";
import { JobError } from "../../../src/jobs/job-error.ts";
import type { JobListener } from "../../../src/jobs/job-events.ts";
import { isFinished, type NewJob } from "../../../src/jobs/job-record.ts";
import { JobStorageError } from "../../../src/jobs/storage-failure.ts";
import type { D1JobStore } from "./d1-job-store.ts";
import type { ExploreInstanceParams } from "./worker-env.ts";

/** How often an open event stream reads its job again (a Worker has no in-process events). */
export const EVENT_POLL_MS = 1_000;

/**
 * Jobs on Cloudflare: the row lives in D1, the run is a Workflow instance named after the job, so
 * a retried create finds the instance that exists instead of starting a second run.
 */
export function d1JobBackend(
  store: D1JobStore,
  workflow: Workflow<ExploreInstanceParams>,
  pollMs = EVENT_POLL_MS,
): JobBackend {
  return {
    async enqueue(job: NewJob) {
      const outcome = await store.admit(job);
      if (outcome.kind !== "queued") return outcome;
      try {
        await workflow.create({ id: outcome.job.id, params: { jobId: outcome.job.id } });
      } catch (error) {
        // Nothing may stay queued that no run will ever pick up: the client is told to retry.
        await store.remove(outcome.job.id).catch(() => {});
        throw new JobStorageError("service unavailable", "the job could not be scheduled", {
          cause: error,
        });
      }
      return outcome;
    },
    replayIdempotent: (tokenId, key) => store.replay(tokenId, key),
    get: (id) => store.get(id),
    async list(request: JobListRequest): Promise<JobPage> {
      const beforeSeq = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
      if (request.cursor !== undefined && beforeSeq === undefined) {
        throw new JobError("invalid_cursor", "cursor is not one this server issued");
      }
      const page = await store.list({ ...request, beforeSeq });
      const nextCursor = page.lastSeq === undefined ? undefined : encodeCursor(page.lastSeq);
      return { jobs: page.jobs, nextCursor };
    },
    subscribe(jobId: string, listener: JobListener) {
      let stopped = false;
      let seen = "";
      const poll = async () => {
        if (stopped) return;
        const job = await store.get(jobId).catch(() => undefined);
        if (stopped) return;
        if (job && isFinished(job.status)) return listener({ type: "finished", job });
        const now = JSON.stringify([job?.currentStep, job?.progress]);
        if (job && now !== seen) {
          seen = now;
          listener({
            type: "progress",
            jobId,
            currentStep: job.currentStep,
            progress: job.progress ?? {},
          });
        }
        setTimeout(poll, pollMs);
      };
      setTimeout(poll, pollMs);
      return () => {
        stopped = true;
      };
    },
  };
}
