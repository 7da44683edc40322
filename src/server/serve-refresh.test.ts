import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../../test/fakes/anthropic-server.ts";
import { type SeedExploration, seedLibrary } from "../../test/helpers/library-seed.ts";
import { runCli } from "../../test/helpers/run-cli.ts";
import {
  GIT_IDENTITY,
  getJson,
  initIdeasRepo,
  postJson,
  runServeToExit,
  type ServeProcess,
  startServeProcess,
} from "../../test/helpers/serve-process.ts";

const OLD: SeedExploration = {
  idea: "Repair cafes with paid memberships",
  title: "Repair cafes",
  mode: "business",
  date: "2026-01-10",
  verdict: "Pursue",
};
const FRESH: SeedExploration = {
  idea: "A bakery for dogs",
  title: "Dog bakery",
  mode: "business",
  // Never stale in this test: a year ahead of any clock it runs on soon.
  date: `${new Date().getUTCFullYear() + 1}-01-01`,
};

let fake: FakeAnthropicServer;
let dir: string;
let server: ServeProcess | undefined;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  dir = mkdtempSync(join(tmpdir(), "serve-refresh-"));
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("serve: refresh routes and --refresh-every (fake Messages API)", () => {
  it("POST /api/refresh refreshes the stale exploration as a job that commits an update; the schedule is announced and recorded", async () => {
    const repo = initIdeasRepo(join(dir, "ideas-repo"));
    const [oldFolder] = seedLibrary(repo, [OLD, FRESH]);
    server = await startServeProcess(["--refresh-every", "7d", "--refresh-limit", "3"], {
      cwd: repo,
      env: { ...GIT_IDENTITY, ...fake.env },
    });
    expect(server.stderr()).toMatch(
      /refresh schedule: every 7 days, at most 3 explorations older than 90 days, each capped at \$2/,
    );

    fake.enqueue(reply.text("# Repair cafes\n\n### What changed\n\nMemberships cost more now."));
    const response = await postJson(`${server.url}/api/refresh`, {});
    expect(response.status).toBe(202);
    const { jobs } = response.body as unknown as {
      jobs: { folder: string; job_id: string; status_url: string }[];
    };
    expect(jobs.map((j) => j.folder)).toEqual([oldFolder]);

    let job: { status: string; result?: { path?: string } } = { status: "pending" };
    for (let i = 0; i < 200 && !["completed", "failed"].includes(job.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await getJson(`${server.url}${jobs[0]!.status_url}`)).body as unknown as typeof job;
    }
    expect(job).toMatchObject({
      status: "completed",
      result: { path: `ideas/${oldFolder}/research.md` },
    });
    const research = readFileSync(join(repo, "ideas", oldFolder!, "research.md"), "utf8");
    expect(research).toMatch(/## Update - \d{4}-\d{2}-\d{2}/);

    // The one exploration by its folder, whatever its age: a new job (the last one is done).
    const one = await postJson(`${server.url}/api/explorations/${oldFolder}/refresh`, {
      max_cost_usd: 0.5,
    });
    expect(one.status).toBe(202);
    const missing = await postJson(`${server.url}/api/explorations/2026-01-01-nothing/refresh`, {});
    expect(missing.status).toBe(404);

    expect(await server.stop()).toBe(0);
    server = undefined;
    const db = new DatabaseSync(join(repo, ".idea-explorer", "jobs.sqlite"), { readOnly: true });
    const row = db.prepare("SELECT name, last_at FROM schedule_state").get();
    db.close();
    // First turned on: its first period counts from this start, not from the epoch.
    expect(row).toMatchObject({ name: "refresh", last_at: expect.stringMatching(/^\d{4}-/) });
  });

  it("refuses a bad schedule at start, naming the flag or variable", async () => {
    const repo = initIdeasRepo(join(dir, "bad-flags"));
    for (const [args, env, message] of [
      [["--refresh-limit", "3"], {}, /--refresh-limit shapes the refresh schedule/],
      [["--refresh-every", "5s"], {}, /--refresh-every must be a period from 1h to 365d/],
      [
        ["--refresh-every", "7d", "--refresh-older-than", "soon"],
        {},
        /--refresh-older-than must be a number of days/,
      ],
      [
        [],
        { IDEA_EXPLORER_REFRESH_EVERY: "weekly" },
        /IDEA_EXPLORER_REFRESH_EVERY must be a period/,
      ],
    ] as const) {
      const run = await runServeToExit([...args], { cwd: repo, env: { ...fake.env, ...env } });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });

  it("serve --help names the schedule's flags and variable", async () => {
    const help = await runCli(["serve", "--help"], { cwd: dir });
    expect(help.code).toBe(0);
    for (const text of [
      "--refresh-every PERIOD",
      "--refresh-older-than AGE",
      "--refresh-limit N",
      "--refresh-max-cost USD",
      "IDEA_EXPLORER_REFRESH_EVERY",
    ]) {
      expect(help.stdout).toContain(text);
    }
  });
});
