import { randomUUID } from "node:crypto";
import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from "node:sqlite";
import { inTransaction } from "./job-database.ts";
import type { JobFailure } from "./job-error.ts";
import type { JobRecord, JobStatus, NewJob, WebhookStatus, WebhookTarget } from "./job-record.ts";
import type { JobProgress, Json } from "./workflow.ts";

export interface JobListQuery {
  status?: JobStatus;
  mode?: string;
  limit: number;
  /** List jobs created before this position (from a cursor); newest first. */
  beforeSeq?: number;
}

type Row = Record<string, SQLOutputValue>;

/** Every read and write of the jobs and job_steps tables; no policy lives here. */
export class JobStore {
  readonly #db: DatabaseSync;
  readonly #now: () => Date;
  readonly #statements = new Map<string, StatementSync>();

  constructor(db: DatabaseSync, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  /** Each distinct statement is compiled once (every API read and job update reuses it). */
  #sql(text: string): StatementSync {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.#db.prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  insert(job: NewJob): JobRecord {
    const at = this.#stamp();
    const row = this.#sql(
      `INSERT INTO jobs (id, kind, status, mode, title, payload, webhook_url, callback_secret,
           webhook_status, token_id, created_at, updated_at)
         VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    ).get(
      randomUUID(),
      job.kind,
      job.mode ?? null,
      job.title ?? null,
      JSON.stringify(job.payload),
      job.webhook?.url ?? null,
      job.webhook?.secret ?? null,
      job.webhook ? "pending" : "skipped",
      job.tokenId ?? null,
      at,
      at,
    ) as Row;
    return toRecord(row);
  }

  get(id: string): JobRecord | undefined {
    const row = this.#sql("SELECT * FROM jobs WHERE id = ?").get(id) as Row | undefined;
    return row ? toRecord(row) : undefined;
  }

  /** One page, newest first, plus the seq to continue from when more may follow. */
  list(query: JobListQuery): { jobs: JobRecord[]; lastSeq: number | undefined } {
    const { sql, params } = listSql(query);
    const rows = this.#sql(sql).all(...params) as Row[];
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      jobs: page.map(toRecord),
      lastSeq: rows.length > query.limit && last ? Number(last.seq) : undefined,
    };
  }

  /** The query plan of a listing, so tests can prove it walks an index. */
  explainList(query: JobListQuery): string[] {
    const { sql, params } = listSql(query);
    const rows = this.#sql(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Row[];
    return rows.map((row) => String(row.detail));
  }

  /** Atomically moves the oldest pending job to running. */
  claimNext(): JobRecord | undefined {
    const row = this.#sql(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, updated_at = ?
         WHERE seq = (SELECT seq FROM jobs WHERE status = 'pending' ORDER BY seq LIMIT 1)
         RETURNING *`,
    ).get(this.#stamp()) as Row | undefined;
    return row ? toRecord(row) : undefined;
  }

  /** Ids of the jobs a previous process left running that were already started `starts` times. */
  runningStartedAtLeast(starts: number): string[] {
    const rows = this.#sql(
      "SELECT id FROM jobs WHERE status = 'running' AND attempts >= ? ORDER BY seq",
    ).all(starts) as Row[];
    return rows.map((row) => String(row.id));
  }

  /** Jobs a previous process left running go back to the queue (their steps are kept). */
  requeueRunning(): number {
    const result = this.#sql(
      "UPDATE jobs SET status = 'pending', updated_at = ? WHERE status = 'running'",
    ).run(this.#stamp());
    return Number(result.changes);
  }

  requeue(id: string): void {
    this.#sql("UPDATE jobs SET status = 'pending', updated_at = ? WHERE id = ?").run(
      this.#stamp(),
      id,
    );
  }

  steps(jobId: string): Map<string, Json> {
    const rows = this.#sql("SELECT name, output FROM job_steps WHERE job_id = ?").all(
      jobId,
    ) as Row[];
    return new Map(rows.map((row) => [String(row.name), JSON.parse(String(row.output)) as Json]));
  }

  /** Stores a finished step's output; the step counts as done only once this commits. */
  saveStep(jobId: string, name: string, output: string, progress: JobProgress | undefined): void {
    const at = this.#stamp();
    inTransaction(this.#db, () => {
      this.#sql(
        "INSERT OR REPLACE INTO job_steps (job_id, name, output, completed_at) VALUES (?, ?, ?, ?)",
      ).run(jobId, name, output, at);
      this.#sql(
        "UPDATE jobs SET current_step = NULL, progress = ?, updated_at = ? WHERE id = ?",
      ).run(progressJson(progress), at, jobId);
    });
  }

  startStep(jobId: string, name: string, progress: JobProgress | undefined): void {
    this.#sql("UPDATE jobs SET current_step = ?, progress = ?, updated_at = ? WHERE id = ?").run(
      name,
      progressJson(progress),
      this.#stamp(),
      jobId,
    );
  }

  saveProgress(jobId: string, progress: JobProgress): void {
    this.#sql("UPDATE jobs SET progress = ?, updated_at = ? WHERE id = ?").run(
      progressJson(progress),
      this.#stamp(),
      jobId,
    );
  }

  complete(jobId: string, result: Json): JobRecord {
    return this.#finish(jobId, "completed", JSON.stringify(result), null, null);
  }

  fail(jobId: string, failure: JobFailure): JobRecord {
    return this.#finish(jobId, "failed", null, failure.code, failure.message);
  }

  webhookTarget(jobId: string): WebhookTarget | undefined {
    const row = this.#sql("SELECT webhook_url, callback_secret FROM jobs WHERE id = ?").get(
      jobId,
    ) as Row | undefined;
    if (!row || typeof row.webhook_url !== "string") return undefined;
    return { url: row.webhook_url, secret: optionalText(row.callback_secret) };
  }

  /** Finished jobs whose webhook was never settled (the process stopped while notifying). */
  unsentWebhooks(): string[] {
    const rows = this.#sql(
      `SELECT id FROM jobs WHERE webhook_status = 'pending'
         AND status IN ('completed', 'failed') ORDER BY seq`,
    ).all() as Row[];
    return rows.map((row) => String(row.id));
  }

  setWebhookStatus(jobId: string, status: WebhookStatus, detail: string | undefined): void {
    this.#sql(
      "UPDATE jobs SET webhook_status = ?, webhook_detail = ?, updated_at = ? WHERE id = ?",
    ).run(status, detail ?? null, this.#stamp(), jobId);
  }

  #finish(
    jobId: string,
    status: JobStatus,
    result: string | null,
    code: string | null,
    message: string | null,
  ): JobRecord {
    const at = this.#stamp();
    const row = this.#sql(
      `UPDATE jobs SET status = ?, result = ?, error_code = ?, error_message = ?,
           current_step = NULL, updated_at = ?, finished_at = ?
         WHERE id = ? RETURNING *`,
    ).get(status, result, code, message, at, at, jobId) as Row;
    return toRecord(row);
  }

  #stamp(): string {
    return this.#now().toISOString();
  }
}

function listSql(query: JobListQuery): { sql: string; params: SQLInputValue[] } {
  const where: string[] = [];
  const params: SQLInputValue[] = [];
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

function toRecord(row: Row): JobRecord {
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

function progressJson(progress: JobProgress | undefined): string | null {
  return progress ? JSON.stringify(progress) : null;
}

function optionalText(value: SQLOutputValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function originOf(url: SQLOutputValue | undefined): string | undefined {
  if (typeof url !== "string") return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
