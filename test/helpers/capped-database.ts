/**
 * Test support: a job database in a file whose size a test caps with PRAGMA max_page_count, so a
 * write that needs one more page fails with SQLITE_FULL ("database or disk is full") exactly as
 * on a full disk, without root or a real disk. The cap holds for this connection only: hand `db`
 * to the store, runner or app under test.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { openJobDatabase } from "../../src/jobs/job-database.ts";

/** SQLite's own ceiling: effectively no cap. */
const NO_CAP = 4_294_967_294;

export interface CappedDatabase {
  db: DatabaseSync;
  file: string;
  /** The database is full: the next write that needs a new page fails. */
  fill(): void;
  /** Room again (an operator freed space). */
  free(): void;
}

export function cappedJobDatabase(): CappedDatabase {
  const file = join(mkdtempSync(join(tmpdir(), "capped-jobs-")), "jobs.sqlite");
  const db = openJobDatabase({ file });
  return {
    db,
    file,
    fill() {
      const { page_count: pages } = db.prepare("PRAGMA page_count").get() as { page_count: number };
      db.exec(`PRAGMA max_page_count = ${pages}`);
    },
    free() {
      db.exec(`PRAGMA max_page_count = ${NO_CAP}`);
    },
  };
}

/** Text larger than a page, so storing it always needs new (overflow) pages. */
export const PAGES_OF_TEXT = "x".repeat(40_000);
