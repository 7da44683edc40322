import type { JobRecord } from "../jobs/job-record.ts";
import type { JobProgress, Json } from "../jobs/workflow.ts";

/**
 * A job as the API shows it. Built field by field (never by spreading the record), so nothing
 * added to JobRecord later leaks by accident; the webhook shows its origin and status only.
 */
export function jobView(job: JobRecord) {
  const base = `/api/jobs/${job.id}`;
  return {
    job_id: job.id,
    kind: job.kind,
    status: job.status,
    mode: job.mode ?? null,
    idea: job.title ?? null,
    current_step: job.currentStep ?? null,
    progress: progressView(job.progress),
    result: (job.result ?? null) as Json,
    error: job.error ? { code: job.error.code, message: job.error.message } : null,
    attempts: job.attempts,
    webhook:
      job.webhook.status === "skipped"
        ? null
        : {
            status: job.webhook.status,
            detail: job.webhook.detail ?? null,
            origin: job.webhook.origin ?? null,
          },
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    finished_at: job.finishedAt ?? null,
    status_url: base,
    events_url: `${base}/events`,
    research_url: `${base}/research`,
  };
}

export type JobView = ReturnType<typeof jobView>;

export function progressView(progress: JobProgress | undefined) {
  if (!progress) return null;
  return {
    step: progress.step ?? null,
    agent_step: progress.agentStep ?? null,
    max_steps: progress.maxSteps ?? null,
    tool_calls: progress.toolCalls ?? null,
    input_tokens: progress.inputTokens ?? null,
    output_tokens: progress.outputTokens ?? null,
    message: progress.message ?? null,
    cost_usd: progress.costUsd ?? null,
    started_at: progress.startedAt ?? null,
    queries: (progress.queries ?? []).map((q) => ({
      query: q.query,
      results: q.results ?? null,
      ok: q.ok,
    })),
    query_count: progress.queryCount ?? null,
    pages: (progress.pages ?? []).map((p) => ({ title: p.title, url: p.url })),
    page_count: progress.pageCount ?? null,
    plan: progress.plan ?? null,
    lines: progress.lines ?? [],
  };
}
