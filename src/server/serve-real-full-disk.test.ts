import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../../test/fakes/anthropic-server.ts";
import {
  GIT_IDENTITY,
  getJson,
  initIdeasRepo,
  postJson,
  runServeToExit,
  type ServeProcess,
  startServeProcess,
} from "../../test/helpers/serve-process.ts";
import { mountSmallTmpfs, type SmallTmpfs } from "../../test/helpers/small-tmpfs.ts";
import { LOCK_FILE } from "./data-dir-lock.ts";

let disk: SmallTmpfs;
let fake: FakeAnthropicServer;
let dir: string;
let server: ServeProcess | undefined;
beforeAll(async () => {
  disk = mountSmallTmpfs(2_048);
  fake = await startFakeAnthropic();
  fake.setHandler(() => reply.hang()); // jobs stay running: only the API's writes are at stake
  dir = mkdtempSync(join(tmpdir(), "serve-full-disk-"));
});
afterEach(async () => {
  await server?.kill9();
  server = undefined;
  disk.free();
});
afterAll(async () => {
  await fake?.close();
  disk?.unmount();
  rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ ...fake.env, ...GIT_IDENTITY });

/** No stack traces, and a bounded number of lines however long the disk stays full. */
function expectQuietLog(stderr: string) {
  const lines = stderr.trim().split("\n");
  expect(lines.filter((line) => /^\s+at /.test(line))).toEqual([]);
  expect(lines.length).toBeLessThan(25);
}

describe("idea-explorer serve with its data dir on a disk that is really full (a small tmpfs)", () => {
  it("answers POST /api/explore with 503 and Retry-After, never 202 for a job it did not store", async (ctx) => {
    if (!disk.dir) return ctx.skip(disk.skipReason);
    const data = join(disk.dir, "post-data");
    const repo = initIdeasRepo(join(dir, "repo-post"));
    const args = ["--repo", repo, "--data-dir", data, "--rate-limit", "0"];
    server = await startServeProcess(args, { cwd: dir, env: env() });
    const ask = (idea: string) => postJson(`${server!.url}/api/explore`, { idea });
    expect((await ask("before the disk filled")).status).toBe(202);

    disk.fill();
    const accepted: string[] = [];
    const refused: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 60; i++) {
      const response = await fetch(`${server.url}/api/explore`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ idea: `an idea submitted to a full disk, number ${i}` }),
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status === 202) accepted.push(String(body.job_id));
      else {
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("30");
        refused.push(body);
      }
    }
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toEqual({
      error: {
        code: "storage_unavailable",
        message:
          "the job database could not store the job (disk full); nothing was queued, try again later",
      },
    });
    for (const id of accepted)
      expect((await getJson(`${server.url}/api/jobs/${id}`)).status).toBe(200);
    await sleep(1_000); // the runner meets the full disk too: its log must stay short
    expectQuietLog(server.stderr());
    await server.kill9();

    // Every acknowledged job is there after a restart with space again.
    disk.free();
    server = await startServeProcess(args, { cwd: dir, env: env() });
    for (const id of accepted)
      expect((await getJson(`${server.url}/api/jobs/${id}`)).status).toBe(200);
    await server.stop();
    server = undefined;
  }, 60_000);

  it("a restart after kill -9 on the full disk exits with one line and frees the data dir", async (ctx) => {
    if (!disk.dir) return ctx.skip(disk.skipReason);
    const data = join(disk.dir, "restart-data");
    const args = ["--repo", initIdeasRepo(join(dir, "repo-restart")), "--data-dir", data];
    server = await startServeProcess(args, { cwd: dir, env: env() });
    const before = fake.requests.length;
    const queued = await postJson(`${server.url}/api/explore`, { idea: "Killed mid-research" });
    while (fake.requests.length === before) await sleep(20);
    await server.kill9();
    server = undefined;

    disk.fill();
    const run = await runServeToExit(["--port", "0", ...args], { cwd: dir, env: env() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^idea-explorer serve: --data-dir cannot be used: the job database there cannot be opened or recovered \(disk full\)\n$/,
    );
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);

    disk.free();
    server = await startServeProcess(args, { cwd: dir, env: env() });
    const job = await getJson(`${server.url}/api/jobs/${queued.body.job_id}`);
    expect(job.body.status).toMatch(/^(pending|running)$/);
    await server.stop();
    server = undefined;
  }, 60_000);
});
