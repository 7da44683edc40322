import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openJobDatabase } from "../jobs/job-database.ts";
import { JobStore } from "../jobs/job-store.ts";
import { LOCK_FILE } from "./data-dir-lock.ts";
import {
  GIT_IDENTITY,
  getJson,
  initIdeasRepo,
  runServeToExit,
  startServeProcess,
} from "./testing/serve-process.ts";

const dir = mkdtempSync(join(tmpdir(), "serve-startup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = {
  ANTHROPIC_API_KEY: "sk-ant-test",
  ANTHROPIC_BASE_URL: "http://127.0.0.1:9/v1",
  ...GIT_IDENTITY,
};

/**
 * A data dir whose database opens fine but refuses the first write of the start-up (putting the
 * job a killed server left running back in the queue), as a full disk or a failing one does.
 */
function brokenDataDir(data: string): string {
  const db = openJobDatabase({ dataDir: data });
  const store = new JobStore(db);
  const { id } = store.insert({ kind: "explore", payload: { request: { idea: "left running" } } });
  store.claimNext();
  db.exec(`CREATE TRIGGER refuse_requeue BEFORE UPDATE OF status ON jobs
    WHEN NEW.status = 'pending' BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);
  db.close();
  return id;
}

describe("idea-explorer serve on a job database that fails at start-up", () => {
  it("exits 2 with one line, before listening, and releases the data dir for the next start", async () => {
    const repo = initIdeasRepo(join(dir, "repo"));
    const data = join(dir, "data");
    const id = brokenDataDir(data);
    const args = ["--repo", repo, "--data-dir", data];

    const run = await runServeToExit(["--port", "0", ...args], { cwd: dir, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "idea-explorer serve: --data-dir cannot be used: the job database there cannot be opened or recovered (disk I/O error)\n",
    );
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);

    // The cause fixed, the next start takes the data dir and has the job back in the queue.
    const db = openJobDatabase({ dataDir: data });
    db.exec("DROP TRIGGER refuse_requeue");
    db.close();
    const server = await startServeProcess(args, { cwd: dir, env });
    try {
      const job = await getJson(`${server.url}/api/jobs/${id}`);
      expect(job.status).toBe(200);
      expect(["pending", "running", "failed"]).toContain(job.body.status);
    } finally {
      await server.stop();
    }
  }, 30_000);
});
