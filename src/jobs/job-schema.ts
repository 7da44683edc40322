import type { DatabaseSync } from "node:sqlite";

/**
 * `seq` (the rowid) orders jobs by creation, so listing and claiming walk an index instead of
 * sorting; `id` is the random public identifier. Webhook secrets live in their own columns and
 * never in `payload`, so a workflow (and anything that echoes a payload) cannot leak them.
 */
const TABLES = `
CREATE TABLE IF NOT EXISTS jobs (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'completed', 'failed')),
  mode TEXT,
  title TEXT,
  payload TEXT NOT NULL,
  result TEXT,
  error_code TEXT,
  error_message TEXT,
  progress TEXT,
  current_step TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  webhook_url TEXT,
  callback_secret TEXT,
  webhook_status TEXT NOT NULL DEFAULT 'skipped',
  webhook_detail TEXT,
  token_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE TABLE IF NOT EXISTS job_steps (
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  output TEXT NOT NULL,
  completed_at TEXT NOT NULL,
  PRIMARY KEY (job_id, name)
) WITHOUT ROWID;
`;

/**
 * Columns added after the first release: a database made by an older version gets them on open.
 * `fingerprint` finds the in-flight job of the same idea; `idempotency_key` and `request_hash`
 * let a client retry a POST without queueing it twice.
 */
export const ADDED_COLUMNS = ["fingerprint", "idempotency_key", "request_hash"] as const;

/**
 * Created after the columns they cover exist. The idempotency key is unique per API token, and a
 * request without a token counts as the token '' (a unique index treats NULLs as all distinct).
 */
const INDEXES = `
CREATE INDEX IF NOT EXISTS jobs_by_status ON jobs (status, seq);
CREATE INDEX IF NOT EXISTS jobs_by_mode ON jobs (mode, seq);
CREATE INDEX IF NOT EXISTS jobs_by_status_mode ON jobs (status, mode, seq);
CREATE INDEX IF NOT EXISTS jobs_by_webhook ON jobs (webhook_status) WHERE webhook_status = 'pending';
CREATE INDEX IF NOT EXISTS jobs_by_fingerprint ON jobs (fingerprint, status)
  WHERE fingerprint IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS jobs_by_idempotency_key
  ON jobs (ifnull(token_id, ''), idempotency_key) WHERE idempotency_key IS NOT NULL;
`;

/**
 * The schema for engines that run one statement at a time (D1): the tables, then, once the
 * `ADDED_COLUMNS` a table lacks are added, the indexes. The same text node:sqlite runs.
 */
export const JOB_SCHEMA = {
  tables: statementsOf(TABLES),
  addedColumns: ADDED_COLUMNS,
  indexes: statementsOf(INDEXES),
};

function statementsOf(script: string): string[] {
  return script
    .split(";")
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/** Creates the tables and indexes, and brings an older database up to date; call in a transaction. */
export function applyJobSchema(db: DatabaseSync): void {
  db.exec(TABLES);
  const present = new Set(
    db
      .prepare("SELECT name FROM pragma_table_info('jobs')")
      .all()
      .map((row) => String(row.name)),
  );
  for (const column of ADDED_COLUMNS) {
    if (!present.has(column)) db.exec(`ALTER TABLE jobs ADD COLUMN ${column} TEXT`);
  }
  db.exec(INDEXES);
}
