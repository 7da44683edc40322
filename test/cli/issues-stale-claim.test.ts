import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reply } from "../fakes/anthropic-server.ts";
import {
  INTAKE_LABEL,
  type IntakeWorld,
  intakeComments,
  startIntakeWorld,
} from "../helpers/issue-intake-world.ts";
import { REPO_ROOT, runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

// A runner killed outright mid-research (a lost Actions machine), then the next run after the
// stale period: through the installed command, the fake GitHub and the fake Messages API.
let world: IntakeWorld;
let cwd: TempTree;
beforeEach(async () => {
  world = await startIntakeWorld({ secondaryRateLimit: false });
  cwd = await makeTempTree({});
});
afterEach(async () => {
  await world.close();
  await cwd.cleanup();
});

describe("idea-explorer issues: a runner killed mid-research (child process)", () => {
  it("is taken over after the stale period: researched once more, committed once, answered once", async () => {
    world.repo.issues.add({ title: "Refill stations in corner shops", labels: [INTAKE_LABEL] });
    const head = world.repo.head();
    // The research request never answers: the runner dies while it waits.
    world.fake.enqueue(reply.hang());
    const child = spawn(
      process.execPath,
      [path.join(REPO_ROOT, "bin/idea-explorer.js"), "issues"],
      {
        cwd: cwd.dir,
        env: { PATH: process.env.PATH ?? "", HOME: cwd.dir, ...world.env() },
        stdio: "ignore",
      },
    );
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await vi.waitFor(() => expect(world.fake.requests).toHaveLength(1), {
      timeout: 30_000,
      interval: 100,
    });
    child.kill("SIGKILL");
    await exited;
    expect(world.repo.issues.issue(1).labels).toEqual([INTAKE_LABEL, `${INTAKE_LABEL}-processing`]);

    // Within the stale period the next run leaves the claim alone.
    const early = await runCli(["issues"], { cwd: cwd.dir, env: world.env() });
    expect(early.stdout.trim()).toBe("#1 skipped: already claimed by another run");
    expect(world.fake.requests).toHaveLength(1);

    // Two hours pass (the claim is aged, as the clock of the next runner sees it).
    const [claim] = intakeComments(world.repo, 1);
    claim!.createdAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const late = await runCli(["issues"], { cwd: cwd.dir, env: world.env() });
    expect(late.code).toBe(0);
    expect(late.stdout).toMatch(/^#1 completed /);
    expect(late.stderr).toContain("#1 Refill stations in corner shops (taking over a stale claim)");

    expect(world.fake.requests).toHaveLength(2);
    expect(world.repo.log().filter((c) => c.sha !== head)).toHaveLength(1);
    const comments = intakeComments(world.repo, 1).map((c) => c.body);
    expect(comments).toEqual([
      expect.stringMatching(/^🔎 Exploring this idea: run `[\w-]+`\. The research/),
      expect.stringMatching(/It takes over the stale claim of run `[\w-]+` \(120 minutes old/),
      expect.stringMatching(/^✅ Explored: /),
    ]);
    expect(world.repo.issues.issue(1)).toMatchObject({
      state: "closed",
      labels: [`${INTAKE_LABEL}-completed`],
    });
  }, 120_000);
});
