import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../../test/fakes/anthropic-server.ts";
import {
  GIT_IDENTITY,
  initIdeasRepo,
  postJson,
  readEvents,
  startServeProcess,
} from "../../test/helpers/serve-process.ts";

let fake: FakeAnthropicServer;
let dir: string;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  dir = mkdtempSync(join(tmpdir(), "serve-one-run-"));
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("idea-explorer serve runs one exploration per idea", () => {
  it("answers concurrent and later POSTs of an idea in flight with its job, and pays for one model run", async () => {
    let release!: () => void;
    const modelMayAnswer = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.setHandler(async () => {
      await modelMayAnswer;
      return reply.text("# Verdict\n\nDogs like it.");
    });
    const before = fake.requests.length;
    const server = await startServeProcess(
      ["--repo", initIdeasRepo(join(dir, "repo")), "--data-dir", join(dir, "data")],
      { cwd: dir, env: { ...fake.env, ...GIT_IDENTITY } },
    );
    try {
      const ask = (idea: string) => postJson(`${server.url}/api/explore`, { idea });
      const [a, b] = await Promise.all([ask("Uber for dogs!"), ask("  uber FOR dogs ")]);
      expect([a.status, b.status].sort()).toEqual([200, 202]);
      expect(a.body.job_id).toBe(b.body.job_id);
      const id = String(a.body.job_id);
      expect((a.status === 200 ? a : b).body).toMatchObject({ duplicate_of_job: true });

      // Running now (the model is being asked): still the same job.
      while (fake.requests.length === before) await sleep(20);
      const running = await ask("Uber for Dogs");
      expect(running).toEqual({
        status: 200,
        body: {
          job_id: id,
          status: "running",
          status_url: `/api/jobs/${id}`,
          duplicate_of_job: true,
        },
      });

      release();
      const events = await readEvents(`${server.url}/api/jobs/${id}/events`);
      expect(events.at(-1)).toMatchObject({ event: "result", data: { status: "completed" } });
      expect(fake.requests.length - before).toBe(1);

      // Explored now: answered from the repository, still without another run.
      expect(await ask("Uber for dogs")).toMatchObject({ status: 200, body: { status: "exists" } });
      expect(fake.requests.length - before).toBe(1);
    } finally {
      release();
      await server.stop();
    }
  }, 60_000);
});
