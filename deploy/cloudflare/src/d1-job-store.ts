import { type EnqueueOutcome, notFailed } from "../../../src/jobs/admit-job.ts";
import type { JobFailure } from "../../../src/jobs/job-error.ts";
import type {
  IdempotencyKey,
  JobRecord,
  NewJob,
  WebhookStatus,
  WebhookTarget,
} from "../../../src/jobs/job-record.ts";
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
  retryJobOf,
  toJobRecord,
} from "../../../src/jobs/job-rows.ts";
import { JOB_SCHEMA } from "../../../src/jobs/job-schema.ts";
import { JobStorageError } from "../../../src/jobs/storage-failure.ts";
import type { JobProgress, Json } from "../../../src/jobs/workflow.ts";

/**
 * D1 cannot hold a transaction open across a check and an insert, so the rule "one queued or
 * running job per idea" is a unique index here: of two racing inserts the database keeps one and
 * refuses the other, which then answers with the job that won (the embedded engine decides the
 * same inside one IMMEDIATE transaction).
 */
const ONE_IN_FLIGHT_INDEX = `CREATE UNIQUE INDEX IF NOT EXISTS jobs_one_in_flight
  ON jobs (kind, fingerprint) WHERE fingerprint IS NOT NULL AND status IN ('pending', 'running')`;

/** The jobs table in D1: the same schema and statements as the embedded engine's JobStore. */
export class D1JobStore {
  readonly #db: D1Database;
  readonly #now: () => Date;
  /**
   * Set once the schema is in place. Not a shared promise: workerd does not let one request wait
   * on I/O another request started (it answers "the script will never generate a response"), so
   * requests that find it unset each apply the (idempotent) schema themselves.
   */
  #ready = false;

  constructor(db: D1Database, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  /** Creates the tables and indexes once per isolate (every statement is IF NOT EXISTS). */
  async ready(): Promise<void> {
    if (this.#ready) return;
    try {
      await this.#applySchema();
    } catch (error) {
      throw unavailable("the job database could not be prepared", error);
    }
    this.#ready = true;
  }

  async #applySchema(): Promise<void> {
    await this.#db.batch(JOB_SCHEMA.tables.map((sql) => this.#db.prepare(sql)));
    const columns = await this.#db
      .prepare("SELECT name FROM pragma_table_info('jobs')")
      .all<{ name: string }>();
    const present = new Set(columns.results.map((row) => row.name));
    const missing = JOB_SCHEMA.addedColumns.filter((column) => !present.has(column));
    const statements = [
      ...missing.map((column) => `ALTER TABLE jobs ADD COLUMN ${column} TEXT`),
      ...JOB_SCHEMA.indexes,
      ONE_IN_FLIGHT_INDEX,
    ];
    await this.#db.batch(statements.map((sql) => this.#db.prepare(sql)));
  }

  /**
   * Admits a job as the embedded engine does (see admitJob): an earlier idempotency key answers,
   * then a job of the same idea in flight, else a new pending row, read back once D1 committed it.
   */
  async admit(job: NewJob): Promise<EnqueueOutcome> {
    await this.ready();
    const earlier = job.idempotency && (await this.replay(job.tokenId, job.idempotency));
    if (earlier) return earlier;
    const inFlight = await this.#inFlight(job);
    if (inFlight) return { kind: "in_flight", job: inFlight };
    const id = crypto.randomUUID();
    try {
      await this.#run(INSERT_JOB_SQL, insertJobParams(id, job, this.#stamp()));
    } catch (error) {
      // Lost a race for the idea or the key: the winner's job is the answer.
      if (!/UNIQUE constraint failed/i.test(String(error))) {
        throw unavailable("the job database could not store the job", error);
      }
      const winner =
        (job.idempotency && (await this.replay(job.tokenId, job.idempotency))) ||
        (await this.#inFlight(job).then(
          (found) => found && { kind: "in_flight" as const, job: found },
        ));
      if (winner) return winner;
      throw error;
    }
    return { kind: "queued", job: await this.readBack(id) };
  }

  /**
   * A retry of a failed job, admitted like a new one, starting from the old job's finished steps
   * (see admitRetry). Undefined when there is no such job.
   */
  async admitRetry(id: string): Promise<EnqueueOutcome | undefined> {
    await this.ready();
    const row = await this.#first("SELECT * FROM jobs WHERE id = ?", [id]);
    if (!row) return undefined;
    if (row.status !== "failed") throw notFailed(String(row.status));
    const outcome = await this.admit(retryJobOf(row));
    if (outcome.kind === "queued") await this.#run(COPY_STEPS_SQL, [outcome.job.id, id]);
    return outcome;
  }

  /**
   * Fails a queued or running job as `failure` (a cancel); false when it had finished already.
   * The running work itself is stopped by terminating its Workflow instance.
   */
  async cancel(id: string, failure: JobFailure): Promise<boolean> {
    await this.ready();
    const at = this.#stamp();
    const queued = await this.#db
      .prepare(CANCEL_PENDING_SQL)
      .bind(failure.code, failure.message, at, at, id)
      .run();
    if (queued.meta.changes > 0) return true;
    const running = await this.#db
      .prepare(
        `UPDATE jobs SET status = 'failed', error_code = ?, error_message = ?, current_step = NULL,
             updated_at = ?, finished_at = ?
           WHERE id = ? AND status = 'running'`,
      )
      .bind(failure.code, failure.message, at, at, id)
      .run();
    return running.meta.changes > 0;
  }

  /** A finished step's stored output (a retry's reused steps), or undefined. */
  async stepOutput(jobId: string, name: string): Promise<unknown> {
    const row = await this.#first("SELECT output FROM job_steps WHERE job_id = ? AND name = ?", [
      jobId,
      name,
    ]);
    return row ? JSON.parse(String(row.output)) : undefined;
  }

  /** Keeps a finished step's output, so that a retry of this job can start from it. */
  async saveStep(jobId: string, name: string, output: unknown): Promise<void> {
    await this.#run(
      "INSERT OR REPLACE INTO job_steps (job_id, name, output, completed_at) VALUES (?, ?, ?, ?)",
      [jobId, name, JSON.stringify(output ?? null), this.#stamp()],
    );
  }

  /** The answer an idempotency key already has (replayed or key_reused), if it was used before. */
  async replay(
    tokenId: string | undefined,
    idempotency: IdempotencyKey,
  ): Promise<EnqueueOutcome | undefined> {
    await this.ready();
    const row = await this.#first(BY_IDEMPOTENCY_KEY_SQL, [tokenId ?? "", idempotency.key]);
    const job = row && (await this.get(String(row.id)));
    if (!row || !job) return undefined;
    return { kind: row.request_hash === idempotency.requestHash ? "replayed" : "key_reused", job };
  }

  async #inFlight(job: NewJob): Promise<JobRecord | undefined> {
    if (job.fingerprint === undefined) return undefined;
    const row = await this.#first(IN_FLIGHT_SQL, [job.fingerprint, job.kind]);
    return row ? this.get(String(row.id)) : undefined;
  }

  async get(id: string): Promise<JobRecord | undefined> {
    await this.ready();
    const row = await this.#first("SELECT * FROM jobs WHERE id = ?", [id]);
    return row ? toJobRecord(row) : undefined;
  }

  /** A job just committed; its absence would mean the database lost it, so that throws. */
  async readBack(id: string): Promise<JobRecord> {
    const job = await this.get(id);
    if (!job) throw unavailable(`job ${id} was stored but cannot be read back`);
    return job;
  }

  async list(query: JobListQuery): Promise<{ jobs: JobRecord[]; lastSeq: number | undefined }> {
    await this.ready();
    const { sql, params } = listJobsSql(query);
    const rows = (
      await this.#db
        .prepare(sql)
        .bind(...params)
        .all<JobRow>()
    ).results;
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      jobs: page.map(toJobRecord),
      lastSeq: rows.length > query.limit && last ? Number(last.seq) : undefined,
    };
  }

  /** Jobs the engine may have lost track of (see resumeStaleInstances), oldest first. */
  async unfinishedIds(): Promise<string[]> {
    await this.ready();
    const { results } = await this.#db
      .prepare("SELECT id FROM jobs WHERE status IN ('pending', 'running') ORDER BY seq")
      .all<{ id: string }>();
    return results.map((row) => row.id);
  }

  /** Drops a job whose run could not be scheduled, so nothing unanswered stays queued. */
  async remove(id: string): Promise<void> {
    await this.#run("DELETE FROM jobs WHERE id = ? AND status = 'pending'", [id]);
  }

  /** The run began (again): running, one more attempt. */
  async markRunning(id: string): Promise<JobRecord> {
    await this.ready();
    await this.#run(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, updated_at = ?
         WHERE id = ? AND status IN ('pending', 'running')`,
      [this.#stamp(), id],
    );
    return this.readBack(id);
  }

  async saveProgress(id: string, step: string | undefined, progress: JobProgress): Promise<void> {
    await this.#run("UPDATE jobs SET current_step = ?, progress = ?, updated_at = ? WHERE id = ?", [
      step ?? null,
      JSON.stringify(progress),
      this.#stamp(),
      id,
    ]);
  }

  complete(id: string, result: Json): Promise<JobRecord> {
    return this.#finish(id, "completed", JSON.stringify(result), null, null);
  }

  fail(id: string, failure: JobFailure): Promise<JobRecord> {
    return this.#finish(id, "failed", null, failure.code, failure.message);
  }

  async webhookTarget(id: string): Promise<WebhookTarget | undefined> {
    const row = await this.#first("SELECT webhook_url, callback_secret FROM jobs WHERE id = ?", [
      id,
    ]);
    if (!row || typeof row.webhook_url !== "string") return undefined;
    return { url: row.webhook_url, secret: optionalText(row.callback_secret) };
  }

  async setWebhookStatus(id: string, status: WebhookStatus, detail?: string): Promise<void> {
    await this.#run(
      "UPDATE jobs SET webhook_status = ?, webhook_detail = ?, updated_at = ? WHERE id = ?",
      [status, detail ?? null, this.#stamp(), id],
    );
  }

  async #finish(
    id: string,
    status: "completed" | "failed",
    result: string | null,
    code: string | null,
    message: string | null,
  ): Promise<JobRecord> {
    const at = this.#stamp();
    await this.#run(
      `UPDATE jobs SET status = ?, result = ?, error_code = ?, error_message = ?,
           current_step = NULL, updated_at = ?, finished_at = ?
         WHERE id = ?`,
      [status, result, code, message, at, at, id],
    );
    return this.readBack(id);
  }

  async #first(sql: string, params: unknown[]): Promise<JobRow | undefined> {
    return (
      (await this.#db
        .prepare(sql)
        .bind(...params)
        .first<JobRow>()) ?? undefined
    );
  }

  async #run(sql: string, params: unknown[]): Promise<void> {
    await this.#db
      .prepare(sql)
      .bind(...params)
      .run();
  }

  #stamp(): string {
    return this.#now().toISOString();
  }
}

function unavailable(message: string, cause?: unknown): JobStorageError {
  return new JobStorageError("service unavailable", message, { cause });
}
