import { randomUUID } from "node:crypto";
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { inTransaction } from "./job-database.ts";
import type { JobFailure } from "./job-error.ts";
import type { JobRecord, JobStatus, NewJob, WebhookStatus, WebhookTarget } from "./job-record.ts";
import {
  BY_IDEMPOTENCY_KEY_SQL,
  CANCEL_PENDING_SQL,
  COPY_STEPS_SQL,
  IN_FLIGHT_SQL,
  INSERT_JOB_SQL,
  insertJobParams,
  type JobListQuery,
  type JobRow,
  listJobsSql,
  optionalText,
  toJobRecord,
} from "./job-rows.ts";
import type { JobProgress, Json } from "./workflow.ts";

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
    this.#sql(INSERT_JOB_SQL).run(...insertJobParams(id, job, at));
    return id;
  }

  /** A job just committed; its absence would mean the database lost it, so that throws. */
  readBack(id: string): JobRecord {
    const job = this.get(id);
    if (!job) throw new Error(`job ${id} was committed but cannot be read back`);
    return job;
  }

  /** The stored row of a job, for a retry to copy (see retryJobOf). */
  row(id: string): JobRow | undefined {
    return this.#sql("SELECT * FROM jobs WHERE id = ?").get(id) as JobRow | undefined;
  }

  /** Inside the caller's transaction (admitRetry): the retry starts from the old job's steps. */
  copySteps(fromJobId: string, toJobId: string): void {
    this.#sql(COPY_STEPS_SQL).run(toJobId, fromJobId);
  }

  /** Fails a queued job as `failure` (a cancel); undefined when it was no longer queued. */
  cancelPending(id: string, failure: JobFailure): JobRecord | undefined {
    const at = this.#stamp();
    const result = this.transaction(() =>
      this.#sql(CANCEL_PENDING_SQL).run(failure.code, failure.message, at, at, id),
    );
    return Number(result.changes) > 0 ? this.readBack(id) : undefined;
  }

  /** The pending or running job of `kind` working on `fingerprint` (admission keeps it to one). */
  inFlight(kind: string, fingerprint: string): string | undefined {
    const row = this.#sql(IN_FLIGHT_SQL).get(fingerprint, kind) as JobRow | undefined;
    return row ? String(row.id) : undefined;
  }

  /** The job made with this idempotency key by this token, and the hash of its request. */
  byIdempotencyKey(
    tokenId: string | undefined,
    key: string,
  ): { id: string; requestHash: string } | undefined {
    const row = this.#sql(BY_IDEMPOTENCY_KEY_SQL).get(tokenId ?? "", key) as JobRow | undefined;
    return row ? { id: String(row.id), requestHash: String(row.request_hash) } : undefined;
  }

  /** The query plans of the admission look-ups, so tests can prove they walk an index. */
  explainAdmission(): string[] {
    return [IN_FLIGHT_SQL, BY_IDEMPOTENCY_KEY_SQL].flatMap((sql) =>
      (this.#sql(`EXPLAIN QUERY PLAN ${sql}`).all("x", "y") as JobRow[]).map((row) =>
        String(row.detail),
      ),
    );
  }

  get(id: string): JobRecord | undefined {
    const row = this.#sql("SELECT * FROM jobs WHERE id = ?").get(id) as JobRow | undefined;
    return row ? toJobRecord(row) : undefined;
  }

  /** One page, newest first, plus the seq to continue from when more may follow. */
  list(query: JobListQuery): { jobs: JobRecord[]; lastSeq: number | undefined } {
    const { sql, params } = listJobsSql(query);
    const rows = this.#sql(sql).all(...params) as JobRow[];
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      jobs: page.map(toJobRecord),
      lastSeq: rows.length > query.limit && last ? Number(last.seq) : undefined,
    };
  }

  /** The query plan of a listing, so tests can prove it walks an index. */
  explainList(query: JobListQuery): string[] {
    const { sql, params } = listJobsSql(query);
    const rows = this.#sql(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as JobRow[];
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
    ).get() as JobRow | undefined;
    return row ? String(row.id) : undefined;
  }

  /** Ids of the jobs a previous process left running that were already started `starts` times. */
  runningStartedAtLeast(starts: number): string[] {
    const rows = this.#sql(
      "SELECT id FROM jobs WHERE status = 'running' AND attempts >= ? ORDER BY seq",
    ).all(starts) as JobRow[];
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
    ) as JobRow[];
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
    ) as JobRow | undefined;
    if (!row || typeof row.webhook_url !== "string") return undefined;
    return { url: row.webhook_url, secret: optionalText(row.callback_secret) };
  }

  /** Finished jobs whose webhook was never settled (the process stopped while notifying). */
  unsentWebhooks(): string[] {
    const rows = this.#sql(
      `SELECT id FROM jobs WHERE webhook_status = 'pending'
         AND status IN ('completed', 'failed') ORDER BY seq`,
    ).all() as JobRow[];
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

function progressJson(progress: JobProgress | undefined): string | null {
  return progress ? JSON.stringify(progress) : null;
}
