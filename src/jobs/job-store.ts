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

const IN_FLIGHT_SQL = `SELECT id FROM jobs
  WHERE fingerprint = ? AND status IN ('pending', 'running') AND kind = ? LIMIT 1`;

/** `ifnull` as in the unique index (a request without a token is token ''), so it is used. */
const BY_IDEMPOTENCY_KEY_SQL = `SELECT id, request_hash FROM jobs
  WHERE ifnull(token_id, '') = ? AND idempotency_key = ?`;

/**
 * Every read and write of the jobs and job_steps tables; no policy lives here. Each write is its
 * own IMMEDIATE transaction and returns only once committed, so nothing is reported stored that
 * the database did not keep (see inTransaction); insertPending is the exception: it runs inside
 * the caller's `transaction` (admitJob), whose check and insert must commit together.
 */
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

  /**
   * Runs `work` as one IMMEDIATE transaction and returns once it is committed (see inTransaction);
   * a write that cannot be stored throws, it never answers as if it had been.
   */
  transaction<T>(work: () => T): T {
    return inTransaction(this.#db, work);
  }

  /** Stores a pending job and returns it as read back from the database after the commit. */
  insert(job: NewJob): JobRecord {
    return this.readBack(this.transaction(() => this.insertPending(job)));
  }

  /** Adds a pending job inside an open transaction(); returns its id (read it back once committed). */
  insertPending(job: NewJob): string {
    // Outside a transaction the row would commit on its own, unchecked: exactly what must not be.
    if (!this.#db.isTransaction) throw new Error("insertPending needs an open transaction()");
    const id = randomUUID();
    const at = this.#stamp();
    this.#sql(
      `INSERT INTO jobs (id, kind, status, mode, title, payload, webhook_url, callback_secret,
           webhook_status, token_id, fingerprint, idempotency_key, request_hash, created_at,
           updated_at)
         VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
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
    );
    return id;
  }

  /** A job just committed; its absence would mean the database lost it, so that throws. */
  readBack(id: string): JobRecord {
    const job = this.get(id);
    if (!job) throw new Error(`job ${id} was committed but cannot be read back`);
    return job;
  }

  /** The pending or running job of `kind` working on `fingerprint` (admission keeps it to one). */
  inFlight(kind: string, fingerprint: string): string | undefined {
    const row = this.#sql(IN_FLIGHT_SQL).get(fingerprint, kind) as Row | undefined;
    return row ? String(row.id) : undefined;
  }

  /** The job made with this idempotency key by this token, and the hash of its request. */
  byIdempotencyKey(
    tokenId: string | undefined,
    key: string,
  ): { id: string; requestHash: string } | undefined {
    const row = this.#sql(BY_IDEMPOTENCY_KEY_SQL).get(tokenId ?? "", key) as Row | undefined;
    return row ? { id: String(row.id), requestHash: String(row.request_hash) } : undefined;
  }

  /** The query plans of the admission look-ups, so tests can prove they walk an index. */
  explainAdmission(): string[] {
    return [IN_FLIGHT_SQL, BY_IDEMPOTENCY_KEY_SQL].flatMap((sql) =>
      (this.#sql(`EXPLAIN QUERY PLAN ${sql}`).all("x", "y") as Row[]).map((row) =>
        String(row.detail),
      ),
    );
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

  /** Atomically moves the oldest pending job to running (read back after the commit). */
  claimNext(): JobRecord | undefined {
    // A plain read first: an empty queue (most calls) takes no write lock.
    if (!this.#oldestPending()) return undefined;
    const id = this.transaction(() => {
      const oldest = this.#oldestPending();
      if (oldest === undefined) return undefined;
      this.#sql(
        "UPDATE jobs SET status = 'running', attempts = attempts + 1, updated_at = ? WHERE id = ?",
      ).run(this.#stamp(), oldest);
      return oldest;
    });
    return id === undefined ? undefined : this.readBack(id);
  }

  #oldestPending(): string | undefined {
    const row = this.#sql(
      "SELECT id FROM jobs WHERE status = 'pending' ORDER BY seq LIMIT 1",
    ).get() as Row | undefined;
    return row ? String(row.id) : undefined;
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
    const result = this.transaction(() =>
      this.#sql("UPDATE jobs SET status = 'pending', updated_at = ? WHERE status = 'running'").run(
        this.#stamp(),
      ),
    );
    return Number(result.changes);
  }

  requeue(id: string): void {
    this.transaction(() =>
      this.#sql("UPDATE jobs SET status = 'pending', updated_at = ? WHERE id = ?").run(
        this.#stamp(),
        id,
      ),
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
    this.transaction(() => {
      this.#sql(
        "INSERT OR REPLACE INTO job_steps (job_id, name, output, completed_at) VALUES (?, ?, ?, ?)",
      ).run(jobId, name, output, at);
      this.#sql(
        "UPDATE jobs SET current_step = NULL, progress = ?, updated_at = ? WHERE id = ?",
      ).run(progressJson(progress), at, jobId);
    });
  }

  startStep(jobId: string, name: string, progress: JobProgress | undefined): void {
    this.transaction(() =>
      this.#sql("UPDATE jobs SET current_step = ?, progress = ?, updated_at = ? WHERE id = ?").run(
        name,
        progressJson(progress),
        this.#stamp(),
        jobId,
      ),
    );
  }

  saveProgress(jobId: string, progress: JobProgress): void {
    this.transaction(() =>
      this.#sql("UPDATE jobs SET progress = ?, updated_at = ? WHERE id = ?").run(
        progressJson(progress),
        this.#stamp(),
        jobId,
      ),
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
    this.transaction(() =>
      this.#sql(
        "UPDATE jobs SET webhook_status = ?, webhook_detail = ?, updated_at = ? WHERE id = ?",
      ).run(status, detail ?? null, this.#stamp(), jobId),
    );
  }

  #finish(
    jobId: string,
    status: JobStatus,
    result: string | null,
    code: string | null,
    message: string | null,
  ): JobRecord {
    const at = this.#stamp();
    this.transaction(() =>
      this.#sql(
        `UPDATE jobs SET status = ?, result = ?, error_code = ?, error_message = ?,
             current_step = NULL, updated_at = ?, finished_at = ?
           WHERE id = ?`,
      ).run(status, result, code, message, at, at, jobId),
    );
    return this.readBack(jobId);
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
