import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { applyJobSchema } from "./job-schema.ts";

export const JOB_DATABASE_FILE = "jobs.sqlite";

/**
 * Opens (creating if needed) the job database. WAL lets readers (the API) proceed while the worker
 * writes; the busy timeout makes a second connection wait for a lock instead of failing at once.
 * Pass ":memory:" for a throwaway database in tests. A database that cannot be set up is closed
 * before the error is thrown, so a failed start holds no file open.
 */
export function openJobDatabase(location: { dataDir: string } | { file: string }): DatabaseSync {
  const file = "file" in location ? location.file : dataDirFile(location.dataDir);
  const db = new DatabaseSync(file, { timeout: 5_000 });
  try {
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = FULL");
    db.exec("PRAGMA foreign_keys = ON");
    inTransaction(db, () => applyJobSchema(db));
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function dataDirFile(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  return join(dataDir, JOB_DATABASE_FILE);
}

/**
 * Runs `work` in one IMMEDIATE transaction (the write lock is taken up front) and returns only once
 * COMMIT succeeded: a write counts as stored only then. (A statement in autocommit mode can hand
 * back its RETURNING row although its commit failed, e.g. on a full disk.) Transactions do not
 * nest: an inner one would return before anything is committed.
 *
 * On a failure SQLite may already have rolled back by itself (SQLITE_FULL, SQLITE_IOERR do), so
 * ROLLBACK runs only while a transaction is still open, and the original error is always the one
 * thrown: a failed ROLLBACK must not hide why the write failed.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) throw new Error("inTransaction: a transaction is already open");
  db.exec("BEGIN IMMEDIATE");
  try {
    const value = work();
    db.exec("COMMIT");
    return value;
  } catch (error) {
    if (db.isTransaction) {
      try {
        db.exec("ROLLBACK");
      } catch {
        // The connection already gave the transaction up; the original error says why.
      }
    }
    throw error;
  }
}
