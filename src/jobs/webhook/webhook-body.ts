import type { JobRecord } from "../job-record.ts";
import type { Json } from "../workflow.ts";

/** Where the work landed and what it cost, taken from a job's result. */
export interface WebhookSummary {
  url?: string;
  path?: string;
  stats?: Json;
}

export type WebhookEvent = "idea_explored" | "idea_failed" | "idea_cancelled";

export interface WebhookBody {
  event: WebhookEvent;
  job_id: string;
  status: "completed" | "failed" | "cancelled";
  idea: string | null;
  mode: string | null;
  url?: string;
  path?: string;
  stats?: Json;
  error?: { code: string; message: string };
}

/** By default a result's own `url`, `path` and `stats` fields are what the webhook reports. */
export function summaryFromResult(result: Json | undefined): WebhookSummary {
  if (result === null || typeof result !== "object" || Array.isArray(result)) return {};
  const summary: WebhookSummary = {};
  if (typeof result.url === "string") summary.url = result.url;
  if (typeof result.path === "string") summary.path = result.path;
  if (result.stats !== undefined) summary.stats = result.stats;
  return summary;
}

export function buildWebhookBody(job: JobRecord, summary: WebhookSummary): WebhookBody {
  const common = { job_id: job.id, idea: job.title ?? null, mode: job.mode ?? null };
  if (job.status === "completed") {
    return { event: "idea_explored", status: "completed", ...common, ...summary };
  }
  if (job.error?.code === "cancelled") {
    return { event: "idea_cancelled", status: "cancelled", ...common, error: job.error };
  }
  return {
    event: "idea_failed",
    status: "failed",
    ...common,
    error: job.error ?? { code: "unknown", message: "the job failed" },
  };
}
