import type { JobBackend, JobListRequest, JobPage } from "../../../src/jobs/job-backend.ts";
import { decodeCursor, encodeCursor } from "../../../src/jobs/job-cursor.ts";
import { CANCELLED, JobError } from "../../../src/jobs/job-error.ts";
import type { JobListener } from "../../../src/jobs/job-events.ts";
import { isFinished, type NewJob } from "../../../src/jobs/job-record.ts";
import { JobStorageError } from "../../../src/jobs/storage-failure.ts";
import type { D1JobStore } from "./d1-job-store.ts";
import type { JobInstanceParams } from "./worker-env.ts";

/** How often an open event stream reads its job again (a Worker has no in-process events). */
export const EVENT_POLL_MS = 1_000;

/**
 * Jobs on Cloudflare: the row lives in D1, the run is a Workflow instance named after the job, so
 * a retried create finds the instance that exists instead of starting a second run.
 */
export function d1JobBackend(
  store: D1JobStore,
  workflow: Workflow<JobInstanceParams>,
  pollMs = EVENT_POLL_MS,
): JobBackend {
  /** Starts a stored job's run; a job no run will ever pick up must not stay queued. */
  const schedule = async (jobId: string) => {
    try {
      await workflow.create({ id: jobId, params: { jobId } });
    } catch (error) {
      await store.remove(jobId).catch(() => {});
      throw new JobStorageError("service unavailable", "the job could not be scheduled", {
        cause: error,
      });
    }
  };

  return {
    async enqueue(job: NewJob) {
      const outcome = await store.admit(job);
      if (outcome.kind === "queued") await schedule(outcome.job.id);
      return outcome;
    },
    replayIdempotent: (tokenId, key) => store.replay(tokenId, key),
    async cancel(id: string) {
      const job = await store.get(id);
      if (!job || isFinished(job.status)) return job;
      // Stop the work first: a terminated instance makes no further model call or commit.
      await workflow
        .get(id)
        .then((instance) => instance.terminate())
        .catch(() => {}); // a queued job may have no instance yet, or it ended meanwhile
      if (await store.cancel(id, CANCELLED)) {
        const cancelled = await store.get(id);
        // Its webhook still goes out, durably, from an instance that only notifies.
        if (cancelled?.webhook.status === "pending") {
          await workflow.create({ id: `${id}-notify`, params: { jobId: id, notifyOnly: true } });
        }
        return cancelled;
      }
      return store.get(id);
    },
    async retry(id: string) {
      const outcome = await store.admitRetry(id);
      if (outcome?.kind === "queued") await schedule(outcome.job.id);
      return outcome;
    },
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
