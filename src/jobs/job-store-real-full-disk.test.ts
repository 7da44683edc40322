import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountSmallTmpfs, type SmallTmpfs } from "../../test/helpers/small-tmpfs.ts";
import { openJobDatabase } from "./job-database.ts";
import type { JobRecord } from "./job-record.ts";
import { JobStore } from "./job-store.ts";
import { storageFailure } from "./storage-failure.ts";

let disk: SmallTmpfs;
beforeAll(() => {
  disk = mountSmallTmpfs(512);
});
afterAll(() => disk.unmount());

describe("JobStore on a disk that is really full (a small tmpfs)", () => {
  it("never returns a job it did not store: each insert is read back after its COMMIT, or throws", (ctx) => {
    if (!disk.dir) return ctx.skip(disk.skipReason);
    const file = join(disk.dir, "jobs.sqlite");
    const db = openJobDatabase({ file });
    const store = new JobStore(db);
    const before = store.insert({ kind: "explore", payload: { idea: "before the disk filled" } });
    disk.fill();

    const returned: JobRecord[] = [];
    const failures: unknown[] = [];
    for (let i = 0; i < 30; i++) {
      try {
        returned.push(store.insert({ kind: "explore", payload: { idea: `idea ${i}` } }));
      } catch (error) {
        failures.push(error);
      }
    }
    expect(failures.length).toBeGreaterThan(0);
    for (const error of failures) expect(storageFailure(error)).toBe("disk full");
    expect(() => store.claimNext()).toThrow("database or disk is full");
    db.close();

    disk.free();
    const reopened = new JobStore(openJobDatabase({ file }));
    for (const job of [before, ...returned]) {
      expect(reopened.get(job.id)).toMatchObject({ id: job.id, status: "pending" });
    }
  });
});
