import type { Context } from "hono";
import { type SSEStreamingApi, streamSSE } from "hono/streaming";
import type { JobBackend } from "../../jobs/job-backend.ts";
import type { JobEvent } from "../../jobs/job-events.ts";
import { isFinished, type JobRecord } from "../../jobs/job-record.ts";
import { jobView, progressView } from "../job-view.ts";
import { findJob } from "./jobs-routes.ts";

/**
 * GET /api/jobs/:id/events: Server-Sent Events. `progress` events carry
 * `{ status, current_step, progress }`; the stream ends with one `result` event holding the whole
 * job (as GET /api/jobs/:id shows it). A finished job gets its result at once.
 */
export function jobEventsHandler(jobs: JobBackend, keepAliveMs: number) {
  return async (c: Context) => {
    const id = c.req.param("id") ?? "";
    await findJob(jobs, id);
    return streamSSE(c, async (stream) => {
      const queue: JobEvent[] = [];
      let wake: (() => void) | undefined;
      // Subscribe before reading the job, so nothing that happens in between is lost.
      const unsubscribe = jobs.subscribe(id, (event) => {
        queue.push(event);
        wake?.();
      });
      stream.onAbort(() => wake?.());
      try {
        const job = await jobs.get(id);
        if (!job) return;
        if (isFinished(job.status)) return await sendResult(stream, job);
        await sendProgress(stream, job.status, job.currentStep, job);
        while (!stream.aborted) {
          const event = queue.shift();
          if (!event) {
            if (!(await waitForEvent(keepAliveMs, (resume) => (wake = resume)))) {
              await stream.write(": keep-alive\n\n");
            }
            continue;
          }
          if (event.type === "finished") return await sendResult(stream, event.job);
          await sendProgress(stream, "running", event.currentStep, { progress: event.progress });
        }
      } finally {
        unsubscribe();
      }
    });
  };
}

function sendProgress(
  stream: SSEStreamingApi,
  status: string,
  currentStep: string | undefined,
  job: Pick<JobRecord, "progress">,
) {
  const data = { status, current_step: currentStep ?? null, progress: progressView(job.progress) };
  return stream.writeSSE({ event: "progress", data: JSON.stringify(data) });
}

function sendResult(stream: SSEStreamingApi, job: JobRecord) {
  return stream.writeSSE({ event: "result", data: JSON.stringify(jobView(job)) });
}

/** Resolves true when woken by an event (or the client leaving), false after `ms` of silence. */
function waitForEvent(ms: number, register: (resume: () => void) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    register(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
