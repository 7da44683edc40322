import type { DatabaseSync } from "node:sqlite";
import { inTransaction } from "./job-database.ts";

/**
 * When each schedule of the service last fired, kept beside the jobs it queues: a restart then
 * waits for the rest of the period instead of firing again at once. Its own table, created where
 * it is first used, so a database from before schedules existed opens unchanged.
 */
export interface ScheduleState {
  /** The last time `name` fired (or was first set up), or undefined for a schedule never seen. */
  lastAt(name: string): Date | undefined;
  /**
   * Records that `name` fires at `at`, only if its last time is still `expected` (read and
   * written in one transaction): of two processes that read the same time, only one fires.
   */
  claim(name: string, expected: Date | undefined, at: Date): boolean;
}

const TABLE = `CREATE TABLE IF NOT EXISTS schedule_state (
  name TEXT PRIMARY KEY,
  last_at TEXT NOT NULL
) WITHOUT ROWID`;

export function openScheduleState(db: DatabaseSync): ScheduleState {
  db.exec(TABLE);
  const select = db.prepare("SELECT last_at FROM schedule_state WHERE name = ?");
  const upsert = db.prepare(
    "INSERT INTO schedule_state (name, last_at) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET last_at = excluded.last_at",
  );
  const read = (name: string): Date | undefined => {
    const row = select.get(name) as { last_at: string } | undefined;
    return row ? new Date(row.last_at) : undefined;
  };
  return {
    lastAt: read,
    claim: (name, expected, at) =>
      inTransaction(db, () => {
        if (read(name)?.getTime() !== expected?.getTime()) return false;
        upsert.run(name, at.toISOString());
        return true;
      }),
  };
}
