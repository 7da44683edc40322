import type { JobRecord, JobStatus, NewJob, WebhookStatus } from "./job-record.ts";
import type { JobProgress, Json } from "./workflow.ts";

/**
 * The jobs table's SQL and row shape, shared by every engine that keeps jobs in SQLite: the
 * embedded node:sqlite store and the Worker's D1 store run the same statements on the same schema
 * (job-schema.ts), so a job reads back the same whichever engine wrote it.
 */
export type JobSqlValue = null | number | bigint | string | Uint8Array;
export type JobRow = Record<string, JobSqlValue>;

export interface JobListQuery {
  status?: JobStatus;
  mode?: string;
  limit: number;
  /** List jobs created before this position (from a cursor); newest first. */
  beforeSeq?: number;
}

export const IN_FLIGHT_SQL = `SELECT id FROM jobs
  WHERE fingerprint = ? AND status IN ('pending', 'running') AND kind = ? LIMIT 1`;

/** `ifnull` as in the unique index (a request without a token is token ''), so it is used. */
export const BY_IDEMPOTENCY_KEY_SQL = `SELECT id, request_hash FROM jobs
  WHERE ifnull(token_id, '') = ? AND idempotency_key = ?`;

/** A retry's new job takes the finished steps of the job it retries (its webhook step excepted). */
export const COPY_STEPS_SQL = `INSERT INTO job_steps (job_id, name, output, completed_at)
  SELECT ?, name, output, completed_at FROM job_steps WHERE job_id = ? AND name <> 'notify'`;

/** Fails a job that is still queued; changes nothing once a runner has claimed it. */
export const CANCEL_PENDING_SQL = `UPDATE jobs SET status = 'failed', error_code = ?,
    error_message = ?, updated_at = ?, finished_at = ?
  WHERE id = ? AND status = 'pending'`;

/** The job a retry of this row queues: the same request, labels, webhook, token and idea. */
export function retryJobOf(row: JobRow): NewJob {
  return {
    kind: String(row.kind),
    payload: JSON.parse(String(row.payload)) as Json,
    ...(typeof row.mode === "string" ? { mode: row.mode } : {}),
    ...(typeof row.title === "string" ? { title: row.title } : {}),
    ...(typeof row.webhook_url === "string"
      ? { webhook: { url: row.webhook_url, secret: optionalText(row.callback_secret) } }
      : {}),
    ...(typeof row.token_id === "string" ? { tokenId: row.token_id } : {}),
    ...(typeof row.fingerprint === "string" ? { fingerprint: row.fingerprint } : {}),
  };
}

export const INSERT_JOB_SQL = `INSERT INTO jobs (id, kind, status, mode, title, payload, webhook_url,
    callback_secret, webhook_status, token_id, fingerprint, idempotency_key, request_hash,
    created_at, updated_at)
  VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** INSERT_JOB_SQL's parameters for a new pending job. */
export function insertJobParams(id: string, job: NewJob, at: string): JobSqlValue[] {
  return [
    id,
    job.kind,
    job.mode ?? null,
    job.title ?? null,
    JSON.stringify(job.payload),
    job.webhook?.url ?? null,
    job.webhook?.secret ?? null,
    job.webhook ? "pending" : "skipped",
    job.tokenId ?? null,
    job.fingerprint ?? null,
    job.idempotency?.key ?? null,
    job.idempotency?.requestHash ?? null,
    at,
    at,
  ];
}

export function listJobsSql(query: JobListQuery): { sql: string; params: JobSqlValue[] } {
  const where: string[] = [];
  const params: JobSqlValue[] = [];
  if (query.status) {
    where.push("status = ?");
    params.push(query.status);
  }
  if (query.mode) {
    where.push("mode = ?");
    params.push(query.mode);
  }
  if (query.beforeSeq !== undefined) {
    where.push("seq < ?");
    params.push(query.beforeSeq);
  }
  const filter = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
  params.push(query.limit + 1);
  return { sql: `SELECT * FROM jobs ${filter} ORDER BY seq DESC LIMIT ?`, params };
}

export function toJobRecord(row: JobRow): JobRecord {
  const code = optionalText(row.error_code);
  return {
    id: String(row.id),
    kind: String(row.kind),
    status: String(row.status) as JobStatus,
    mode: optionalText(row.mode),
    title: optionalText(row.title),
    payload: JSON.parse(String(row.payload)) as Json,
    result: typeof row.result === "string" ? (JSON.parse(row.result) as Json) : undefined,
    error: code ? { code, message: optionalText(row.error_message) ?? "" } : undefined,
    progress:
      typeof row.progress === "string" ? (JSON.parse(row.progress) as JobProgress) : undefined,
    currentStep: optionalText(row.current_step),
    attempts: Number(row.attempts),
    webhook: {
      status: String(row.webhook_status) as WebhookStatus,
      detail: optionalText(row.webhook_detail),
      origin: originOf(row.webhook_url),
    },
    tokenId: optionalText(row.token_id),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    finishedAt: optionalText(row.finished_at),
  };
}

export function optionalText(value: JobSqlValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function originOf(url: JobSqlValue | undefined): string | undefined {
  if (typeof url !== "string") return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
