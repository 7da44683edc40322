import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

export const JOB_DATABASE_FILE = "jobs.sqlite";

/**
 * `seq` (the rowid) orders jobs by creation, so listing and claiming walk an index instead of
 * sorting; `id` is the random public identifier. Webhook secrets live in their own columns and
 * never in `payload`, so a workflow (and anything that echoes a payload) cannot leak them.
 */
const SCHEMA = `
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
CREATE INDEX IF NOT EXISTS jobs_by_status ON jobs (status, seq);
CREATE INDEX IF NOT EXISTS jobs_by_mode ON jobs (mode, seq);
CREATE INDEX IF NOT EXISTS jobs_by_status_mode ON jobs (status, mode, seq);
CREATE INDEX IF NOT EXISTS jobs_by_webhook ON jobs (webhook_status) WHERE webhook_status = 'pending';
CREATE TABLE IF NOT EXISTS job_steps (
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  output TEXT NOT NULL,
  completed_at TEXT NOT NULL,
  PRIMARY KEY (job_id, name)
) WITHOUT ROWID;
`;

/**
 * Opens (creating if needed) the job database. WAL lets readers (the API) proceed while the worker
 * writes; the busy timeout makes a second connection wait for a lock instead of failing at once.
 * Pass ":memory:" for a throwaway database in tests.
 */
export function openJobDatabase(location: { dataDir: string } | { file: string }): DatabaseSync {
  const file = "file" in location ? location.file : dataDirFile(location.dataDir);
  const db = new DatabaseSync(file, { timeout: 5_000 });
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = FULL");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec(SCHEMA);
  return db;
}

function dataDirFile(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  return join(dataDir, JOB_DATABASE_FILE);
}

/** Runs `work` in one IMMEDIATE transaction (the write lock is taken up front). */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const value = work();
    db.exec("COMMIT");
    return value;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
