import type { Context } from "hono";
import type { JobBackend } from "../../jobs/job-backend.ts";
import { JobError } from "../../jobs/job-error.ts";
import type { JobRecord } from "../../jobs/job-record.ts";
import { publishedMarkdown } from "../../research/publish/publish-research.ts";
import { ApiError } from "../api-error.ts";
import { jobView } from "../job-view.ts";
import { renderMarkdown } from "../render-markdown.ts";
import type { ReadJobResearch } from "../service-types.ts";
import { listQuerySchema, NOT_ISSUED, researchQuerySchema } from "./job-schemas.ts";

/** GET /api/jobs: newest first, filtered on indexed columns, cursor-paged. */
export function listJobsHandler(jobs: JobBackend) {
  return async (c: Context) => {
    const query = listQuerySchema.safeParse(c.req.query());
    if (!query.success) throw ApiError.invalid(query.error, "invalid_query");
    try {
      const page = await jobs.list(query.data);
      return c.json({ jobs: page.jobs.map(jobView), next_cursor: page.nextCursor ?? null });
    } catch (error) {
      if (error instanceof JobError) {
        const details = [{ path: "cursor", message: NOT_ISSUED }];
        throw new ApiError(400, "invalid_query", `cursor: ${NOT_ISSUED}`, { details });
      }
      throw error;
    }
  };
}

export async function findJob(jobs: JobBackend, id: string): Promise<JobRecord> {
  const job = await jobs.get(id);
  if (!job) throw notFound(id);
  return job;
}

function notFound(id: string): ApiError {
  return new ApiError(404, "job_not_found", `no job with id ${JSON.stringify(id.slice(0, 80))}`);
}

export function getJobHandler(jobs: JobBackend) {
  return async (c: Context) => c.json(jobView(await findJob(jobs, c.req.param("id") ?? "")));
}

/** GET /api/jobs/:id/research[?format=html]: the markdown, or sanitized HTML for the page. */
export function researchHandler(jobs: JobBackend, read: ReadJobResearch) {
  return async (c: Context) => {
    const query = researchQuerySchema.safeParse({ format: c.req.query("format") });
    if (!query.success) throw ApiError.invalid(query.error, "invalid_query");
    const job = await findJob(jobs, c.req.param("id") ?? "");
    if (job.status !== "completed") {
      throw new ApiError(
        409,
        "job_not_completed",
        `the job is ${job.status}; research is available once it completes`,
      );
    }
    const markdown = await read(job);
    if (markdown === undefined)
      throw new ApiError(404, "research_not_found", "this job has no research file");
    if (query.data.format === "html") {
      c.header("Content-Security-Policy", "default-src 'none'; sandbox");
      return c.body(renderMarkdown(markdown), 200, { "Content-Type": "text/html; charset=utf-8" });
    }
    // As published: a file committed before the sanitizer, or edited since, is rebuilt too.
    return c.body(publishedMarkdown(markdown), 200, {
      "Content-Type": "text/markdown; charset=utf-8",
    });
  };
}

/**
 * POST /api/jobs/:id/cancel: 200 with a job already cancelled (a queued one is at once), 202 with
 * a running one whose work is being stopped (its stream and status show the end), 409 for a job
 * that finished otherwise.
 */
export function cancelJobHandler(jobs: JobBackend) {
  return async (c: Context) => {
    const id = c.req.param("id") ?? "";
    await findJob(jobs, id);
    const job = await jobs.cancel(id);
    if (!job) throw notFound(id);
    if (
      job.status === "completed" ||
      (job.status === "failed" && job.error?.code !== "cancelled")
    ) {
      throw new ApiError(
        409,
        "job_finished",
        `the job is already ${job.status}; only a queued or running job can be cancelled`,
      );
    }
    return c.json(jobView(job), job.status === "running" ? 202 : 200);
  };
}

/**
 * POST /api/jobs/:id/retry: a new job for a failed or cancelled one (202), reusing its finished
 * steps; 200 with the job already working on the idea; 409 for a job that has not failed.
 */
export function retryJobHandler(jobs: JobBackend) {
  return async (c: Context) => {
    const id = c.req.param("id") ?? "";
    let outcome: Awaited<ReturnType<JobBackend["retry"]>>;
    try {
      outcome = await jobs.retry(id);
    } catch (error) {
      if (error instanceof JobError && error.code === "job_not_failed") {
        throw new ApiError(409, "job_not_failed", error.message);
      }
      throw error;
    }
    if (!outcome) throw notFound(id);
    const view = jobView(outcome.job);
    const body = { job_id: view.job_id, status: view.status, status_url: view.status_url };
    c.header("Location", view.status_url);
    if (outcome.kind === "in_flight") return c.json({ ...body, duplicate_of_job: true }, 200);
    return c.json({ ...body, retry_of: id }, 202);
  };
}
