import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { cappedJobDatabase, PAGES_OF_TEXT } from "../../test/helpers/capped-database.ts";
import { describeDatabaseError, storageFailure } from "./storage-failure.ts";

function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/** node:sqlite's error shape, for codes a test cannot provoke for real (a failing disk). */
function sqliteError(errcode: number, message: string): Error {
  return Object.assign(new Error(message), { code: "ERR_SQLITE_ERROR", errcode, errstr: message });
}

describe("storageFailure", () => {
  it("names a full database, as SQLite reports it", () => {
    const { db, fill } = cappedJobDatabase();
    db.exec("CREATE TABLE t (x TEXT)");
    fill();
    const error = thrownBy(() => db.prepare("INSERT INTO t VALUES (?)").run(PAGES_OF_TEXT));
    expect(storageFailure(error)).toBe("disk full");
    expect(describeDatabaseError(error)).toBe("database or disk is full");
  });

  it("names a database file that cannot be opened", () => {
    const missing = join(mkdtempSync(join(tmpdir(), "no-db-")), "no-such-dir", "jobs.sqlite");
    const error = thrownBy(() => new DatabaseSync(missing));
    expect(storageFailure(error)).toBe("database file cannot be opened");
    expect(describeDatabaseError(error)).toBe(
      "unable to open database file (database file cannot be opened)",
    );
  });

  it("reads the primary code of an extended one (SQLITE_IOERR_WRITE is an I/O error)", () => {
    expect(storageFailure(sqliteError(778, "disk I/O error"))).toBe("I/O error");
    expect(storageFailure(sqliteError(5, "database is locked"))).toBe("busy");
  });

  it("finds a storage failure a workflow wrapped, and ignores everything else", () => {
    const full = sqliteError(13, "database or disk is full");
    expect(storageFailure(new Error("step failed", { cause: full }))).toBe("disk full");
    expect(storageFailure(sqliteError(19, "UNIQUE constraint failed: jobs.id"))).toBeUndefined();
    expect(storageFailure(new Error("a bug"))).toBeUndefined();
    expect(storageFailure("database or disk is full")).toBeUndefined();
  });
});
