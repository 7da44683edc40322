import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { cappedJobDatabase, PAGES_OF_TEXT } from "../../test/helpers/capped-database.ts";
import { inTransaction, openJobDatabase } from "./job-database.ts";
import { JobStore } from "./job-store.ts";

const count = (db: DatabaseSync, table: string) =>
  Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);

describe("inTransaction", () => {
  it("throws the write's own error when SQLite already rolled back (a full disk), not a failed ROLLBACK", () => {
    const { db, fill } = cappedJobDatabase();
    db.exec("CREATE TABLE notes (text TEXT)");
    fill();
    const write = () =>
      inTransaction(db, () => db.prepare("INSERT INTO notes VALUES (?)").run(PAGES_OF_TEXT));
    expect(write).toThrow("database or disk is full");
    expect(db.isTransaction).toBe(false);
    expect(count(db, "notes")).toBe(0);
  });

  it("throws when COMMIT fails, and rolls back what the transaction wrote", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("PRAGMA foreign_keys = ON");
    db.exec("CREATE TABLE parents (id INTEGER PRIMARY KEY)");
    // A deferred constraint is checked at COMMIT: the statement succeeds, the COMMIT fails.
    db.exec(`CREATE TABLE children (parent INTEGER REFERENCES parents (id)
      DEFERRABLE INITIALLY DEFERRED)`);
    const write = () =>
      inTransaction(db, () => {
        db.exec("INSERT INTO children VALUES (42)");
        return "stored";
      });
    expect(write).toThrow("FOREIGN KEY constraint failed");
    expect(db.isTransaction).toBe(false);
    expect(count(db, "children")).toBe(0);
  });

  it("refuses to nest: an inner transaction would report a write stored before any COMMIT", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("CREATE TABLE t (x)");
    inTransaction(db, () => {
      expect(() => inTransaction(db, () => db.exec("INSERT INTO t VALUES (1)"))).toThrow(
        "a transaction is already open",
      );
      expect(db.isTransaction).toBe(true); // the outer transaction is left alone
    });
  });
});

/** The jobs table as the first release created it: no fingerprint or idempotency columns. */
const FIRST_RELEASE_JOBS = `CREATE TABLE jobs (
  seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'completed', 'failed')),
  mode TEXT, title TEXT, payload TEXT NOT NULL, result TEXT, error_code TEXT, error_message TEXT,
  progress TEXT, current_step TEXT, attempts INTEGER NOT NULL DEFAULT 0, webhook_url TEXT,
  callback_secret TEXT, webhook_status TEXT NOT NULL DEFAULT 'skipped', webhook_detail TEXT,
  token_id TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, finished_at TEXT)`;

describe("openJobDatabase on a database from an earlier version", () => {
  it("adds the fingerprint and idempotency columns and their indexes, keeping the jobs", () => {
    const file = join(mkdtempSync(join(tmpdir(), "job-db-migrate-")), "jobs.sqlite");
    const old = new DatabaseSync(file);
    old.exec(FIRST_RELEASE_JOBS);
    old.exec(`INSERT INTO jobs (id, kind, status, payload, created_at, updated_at)
      VALUES ('old-job', 'explore', 'pending', '{}', 't', 't')`);
    old.close();

    const db = openJobDatabase({ file });
    const columns = db.prepare("SELECT name FROM pragma_table_info('jobs')").all();
    expect(columns.map((c) => c.name)).toEqual(
      expect.arrayContaining(["fingerprint", "idempotency_key", "request_hash"]),
    );
    const store = new JobStore(db);
    expect(store.get("old-job")?.status).toBe("pending");
    expect(store.explainAdmission().join("\n")).toMatch(
      /USING INDEX jobs_by_fingerprint[\s\S]*USING INDEX jobs_by_idempotency_key/,
    );
    db.close();
    // Opening again finds everything in place.
    openJobDatabase({ file }).close();
  });
});
