import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { githubError } from "../fakes/github-server.ts";
import {
  deliverIssueEvent,
  INTAKE_LABEL,
  type IntakeWorld,
  intakeComments,
  labelledEvent,
  startIntakeWorld,
} from "../helpers/issue-intake-world.ts";
import { runCli } from "../helpers/run-cli.ts";
import { type ServeProcess, startServeProcess } from "../helpers/serve-process.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

// An issue whose run paid for research and then could not commit it (here the branch refuses
// the update), relabelled by a maintainer: the next run, on any path, commits the research the
// first one paid for. Counting Messages API requests proves nothing was bought twice.
const SECRET = "whsec-paid-research";
const STASH = "idea-explorer/paid-research/issue-1";
let world: IntakeWorld;
let cwd: TempTree;
let serve: ServeProcess | undefined;
beforeEach(async () => {
  world = await startIntakeWorld({ secondaryRateLimit: false });
  cwd = await makeTempTree({});
  world.repo.issues.add({ title: "Refill stations in corner shops", labels: [INTAKE_LABEL] });
});
afterEach(async () => {
  await serve?.stop();
  serve = undefined;
  await world.close();
  await cwd.cleanup();
});

/** Every update of main is refused, as a branch rule the bot may not pass refuses it. */
function refuseCommits() {
  world.github.intercept({
    method: "PATCH",
    path: "/git/refs/heads/main",
    times: Number.POSITIVE_INFINITY,
    reply: githubError(403, "Resource not accessible by integration"),
  });
}

/** What a maintainer does after fixing the cause: the intake label, back on. */
function relabel() {
  world.repo.issues.setLabels(1, [INTAKE_LABEL]);
}

function expectAnsweredOnceEach() {
  const comments = intakeComments(world.repo, 1).map((c) => c.body);
  expect(comments.filter((c) => c.startsWith("✅ Explored: "))).toHaveLength(1);
  expect(comments.filter((c) => c.startsWith("⚠️ The exploration failed: "))).toHaveLength(1);
}

describe("a relabelled issue whose earlier run paid for research but failed to commit", () => {
  it("idea-explorer issues (the Actions step): the second run commits the first run's research, no model call", async () => {
    const head = world.repo.head();
    refuseCommits();
    const failed = await runCli(["issues"], { cwd: cwd.dir, env: world.env() });
    expect(failed.code).toBe(1);
    expect(failed.stdout.trim()).toMatch(/^#1 failed: /);
    const paid = world.fake.requests.length;
    expect(paid).toBeGreaterThan(0);
    expect(world.repo.otherRefs.has(STASH)).toBe(true);
    expect(world.repo.head()).toBe(head);

    world.github.clearIntercepts();
    relabel();
    const second = await runCli(["issues"], { cwd: cwd.dir, env: world.env() });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^#1 completed /);
    expect(second.stderr).toContain(
      "reusing the research an earlier run paid for (refs/idea-explorer/paid-research/issue-1)",
    );
    expect(world.fake.requests).toHaveLength(paid);
    expect(world.repo.log().filter((c) => c.sha !== head)).toHaveLength(1);
    expect(world.repo.otherRefs.has(STASH)).toBe(false);
    expectAnsweredOnceEach();
    expect(world.repo.issues.issue(1)).toMatchObject({
      state: "closed",
      labels: [`${INTAKE_LABEL}-completed`],
    });
  }, 120_000);

  it("pays again when the issue now asks for something else (the stash is for the old request)", async () => {
    refuseCommits();
    await runCli(["issues"], { cwd: cwd.dir, env: world.env() });
    const paid = world.fake.requests.length;

    world.github.clearIntercepts();
    world.repo.issues.issue(1).title = "Solar dryers for smallholder farms";
    relabel();
    const second = await runCli(["issues"], { cwd: cwd.dir, env: world.env() });
    expect(second.stdout).toMatch(/^#1 completed /);
    expect(second.stderr).not.toContain("reusing the research");
    expect(world.fake.requests.length).toBeGreaterThan(paid);
    expect(world.repo.otherRefs.has(STASH)).toBe(false);
  }, 120_000);

  it("idea-explorer serve (the webhook): the second delivery's job commits the first job's research, no model call", async () => {
    serve = await startServeProcess([], {
      cwd: cwd.dir,
      env: { ...world.env(), GITHUB_WEBHOOK_SECRET: SECRET },
    });
    const labelled = labelledEvent(1, "Refill stations in corner shops");
    refuseCommits();
    const deliver = (id: string) => deliverIssueEvent(serve!.url, labelled, { id, secret: SECRET });
    expect((await deliver("d-1")).status).toBe(202);
    await vi.waitFor(
      () => expect(world.repo.issues.issue(1).labels).toEqual([`${INTAKE_LABEL}-failed`]),
      { timeout: 60_000, interval: 200 },
    );
    const paid = world.fake.requests.length;
    expect(paid).toBeGreaterThan(0);

    world.github.clearIntercepts();
    relabel();
    expect((await deliver("d-2")).status).toBe(202);
    await vi.waitFor(() => expect(world.repo.issues.issue(1).state).toBe("closed"), {
      timeout: 60_000,
      interval: 200,
    });
    expect(world.fake.requests).toHaveLength(paid);
    expect(world.repo.log()[0]?.message).toBe("Explore: Refill stations in corner shops (#1)");
    expect(world.repo.otherRefs.has(STASH)).toBe(false);
    expectAnsweredOnceEach();
  }, 120_000);
});
