import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FakeActor } from "../fakes/github-server.ts";
import {
  INTAKE_LABEL,
  type IntakeWorld,
  intakeComments,
  startIntakeWorld,
} from "../helpers/issue-intake-world.ts";
import { runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

// Who may start a paid run, through the installed command against a public ideas repository:
// anyone can file its issue form, which puts the intake label on for them.
const STRANGER: FakeActor = { login: "drive-by", type: "User", association: "NONE" };
const ALICE: FakeActor = { login: "alice", type: "User", association: "CONTRIBUTOR" };
const MEMBER: FakeActor = { login: "bob", type: "User", association: "MEMBER" };

let world: IntakeWorld;
let cwd: TempTree;
beforeEach(async () => {
  world = await startIntakeWorld({ secondaryRateLimit: false });
  world.repo.isPrivate = false;
  world.repo.collaborators.set(ALICE.login, "write");
  world.repo.collaborators.set("tina", "triage");
  cwd = await makeTempTree({});
});
afterEach(async () => {
  await world.close();
  await cwd.cleanup();
});

const issues = (args: string[] = [], env: Record<string, string> = {}) =>
  runCli(["issues", ...args], { cwd: cwd.dir, env: { ...world.env(), ...env } });

const maintainerComments = () =>
  intakeComments(world.repo, 1).filter((c) => c.body.includes("idea-explorer:untrusted"));

describe("idea-explorer issues: only trusted people start paid runs (child process)", () => {
  it("asks a stranger's labelled issue for a maintainer once, calling no model", async () => {
    world.repo.issues.add({ title: "Free GPUs for me", labels: [INTAKE_LABEL], author: STRANGER });

    const run = await issues();
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(
      "#1 skipped: waits for a maintainer to label it (its author is none, labelled by drive-by (read))",
    );
    expect(world.fake.requests).toEqual([]);
    expect(maintainerComments()).toHaveLength(1);
    expect(maintainerComments()[0]?.body).toMatch(
      new RegExp(
        `^🔒 This idea waits for a maintainer.*putting the \`${INTAKE_LABEL}\` label back`,
        "s",
      ),
    );
    expect(intakeComments(world.repo, 1)).toHaveLength(1);
    expect(world.repo.issues.issue(1)).toMatchObject({ state: "open", labels: [] });
    expect(world.repo.log()).toHaveLength(1);

    // Labelled again by someone without triage rights (an automation, say): not told twice.
    world.repo.issues.addLabels(1, [INTAKE_LABEL], STRANGER);
    const again = await issues();
    expect(again.code).toBe(0);
    expect(maintainerComments()).toHaveLength(1);
    expect(world.repo.issues.issue(1).labels).toEqual([]);
    expect(world.fake.requests).toEqual([]);

    // A collaborator with write access puts the label back: now it is explored.
    world.repo.issues.addLabels(1, [INTAKE_LABEL], ALICE);
    const trusted = await issues();
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toMatch(/^#1 completed /);
    expect(world.fake.requests).toHaveLength(1);
    expect(world.repo.issues.issue(1)).toMatchObject({
      state: "closed",
      labels: [`${INTAKE_LABEL}-completed`],
    });
  }, 60_000);

  it("explores a member's own issue, one a triager labelled, and with --trust everyone anyone's", async () => {
    world.repo.issues.add({
      title: "Refill stations in corner shops",
      labels: [INTAKE_LABEL],
      author: MEMBER,
    });
    world.repo.issues.add({ title: "Solar dryer kits for market stalls", author: STRANGER });
    world.repo.issues.addLabels(2, [INTAKE_LABEL], {
      login: "tina",
      type: "User",
      association: "NONE",
    });
    world.repo.issues.add({ title: "Free GPUs for me", labels: [INTAKE_LABEL], author: STRANGER });

    const run = await issues(["--limit", "2"]);
    expect(run.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(/^#1 completed /),
      expect.stringMatching(/^#2 completed /),
    ]);
    expect(world.fake.requests).toHaveLength(2);

    const everyone = await issues(["--trust", "everyone"]);
    expect(everyone.stdout).toMatch(/^#3 completed /);
    expect(world.fake.requests).toHaveLength(3);
    expect(intakeComments(world.repo, 3).some((c) => c.body.includes(":untrusted"))).toBe(false);
  }, 90_000);

  it("refuses an unknown --trust or IDEA_EXPLORER_TRUST in one line, claiming nothing", async () => {
    world.repo.issues.add({ title: "Free GPUs for me", labels: [INTAKE_LABEL], author: STRANGER });
    for (const [args, env, says] of [
      [["--trust", "anyone"], {}, '--trust must be one of collaborators, everyone, got "anyone"'],
      [
        [],
        { IDEA_EXPLORER_TRUST: "all" },
        'IDEA_EXPLORER_TRUST must be one of collaborators, everyone, got "all"',
      ],
    ] as const) {
      const run = await issues([...args], env);
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(`idea-explorer issues: ${says}`);
    }
    expect(world.github.requests.filter((r) => r.method !== "GET")).toEqual([]);
    expect(world.fake.requests).toEqual([]);
  });
});
