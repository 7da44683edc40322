import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  formBody,
  INTAKE_LABEL,
  INTAKE_TOKEN,
  type IntakeWorld,
  intakeComments,
  startIntakeWorld,
} from "../helpers/issue-intake-world.ts";
import { runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

// Through the installed command in child processes, with the product's own GitHub pacing (1 s
// between writes, 3 s between comments): a few issues only.
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

const issues = (args: string[] = [], env: Record<string, string> = {}) =>
  runCli(["issues", ...args], { cwd: cwd.dir, env: { ...world.env(), ...env } });

describe("idea-explorer issues (child process, fake GitHub and Anthropic)", () => {
  it("answers each waiting issue, one stdout line each, and exits 1 when one failed", async () => {
    world.repo.issues.add({ title: "Refill stations in corner shops", labels: [INTAKE_LABEL] });
    world.repo.issues.add({
      title: "Idea: broken",
      body: formBody({ idea: "This idea FAILS at the model" }),
      labels: [INTAKE_LABEL],
    });
    const run = await issues([], {
      GITHUB_RUN_ID: "77",
      GITHUB_REPOSITORY: "me/ideas",
      GITHUB_SERVER_URL: "https://github.example",
    });

    expect(run.code).toBe(1);
    expect(run.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(
        /^#1 completed http:\/\/127\.0\.0\.1:\d+\/me\/ideas\/blob\/main\/ideas\/\d{4}-\d{2}-\d{2}-refill-stations-in-corner-shops\/research\.md$/,
      ),
      expect.stringMatching(/^#2 failed: .*prompt is too long/),
    ]);
    const stderr = run.stderr.trim().split("\n");
    expect(stderr[0]).toBe(`Exploring the issues labelled "${INTAKE_LABEL}" in me/ideas`);
    expect(stderr).toContain("#1 Refill stations in corner shops");
    expect(stderr.at(-1)).toBe("2 issues: 1 completed, 1 failed");
    expect(run.stderr).not.toContain(INTAKE_TOKEN);
    // The claim names the Actions run that made it.
    expect(intakeComments(world.repo, 1)[0]?.body).toContain(
      "by [GitHub Actions run 77](https://github.example/me/ideas/actions/runs/77)",
    );
    expect(world.repo.log()[0]?.message).toBe("Explore: Refill stations in corner shops (#1)");
    expect(world.repo.issues.issue(2)).toMatchObject({
      state: "open",
      labels: [`${INTAKE_LABEL}-failed`],
    });
  });

  it("says so and exits 0 when no issue is waiting", async () => {
    const run = await issues();
    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(run.stderr.trim().split("\n").at(-1)).toBe("No issues are waiting.");
  });

  it("refuses a missing repository, model key or bad label in one line, claiming nothing", async () => {
    world.repo.issues.add({ title: "Refill stations", labels: [INTAKE_LABEL] });
    const cases: { env: Record<string, string>; args?: string[]; says: RegExp }[] = [
      { env: { GITHUB_REPO: "" }, says: /GITHUB_REPO=owner\/repo/ },
      { env: { ANTHROPIC_API_KEY: "" }, says: /ANTHROPIC_API_KEY/ },
      { env: {}, args: ["--label", "a,b"], says: /--label must not contain a comma/ },
      { env: {}, args: ["--max-steps", "0"], says: /--max-steps/ },
      {
        env: { IDEA_EXPLORER_MAX_COST: "two" },
        says: /IDEA_EXPLORER_MAX_COST: must be a number of US dollars/,
      },
      { env: { IDEA_EXPLORER_MODEL: "claude sonnet" }, says: /IDEA_EXPLORER_MODEL: / },
      {
        env: { GITHUB_EVENT_PATH: path.join(cwd.dir, "no-event.json") },
        says: /GITHUB_EVENT_PATH: the event file could not be read \(ENOENT\)$/m,
      },
    ];
    for (const { env, args, says } of cases) {
      const run = await issues(args, env);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr.trim().split("\n")).toEqual([
        expect.stringMatching(/^idea-explorer issues: /),
      ]);
      expect(run.stderr).toMatch(says);
    }
    expect(world.github.requests.filter((r) => r.method !== "GET")).toEqual([]);
    expect(world.fake.requests).toEqual([]);
  });

  it("under Actions, does nothing for an event that put another label on an issue", async () => {
    world.repo.issues.add({ title: "Refill stations", labels: [INTAKE_LABEL, "bug"] });
    const event = path.join(cwd.dir, "event.json");
    await writeFile(
      event,
      JSON.stringify({
        action: "labeled",
        label: { name: "bug" },
        issue: { number: 1 },
        repository: { full_name: "me/ideas", default_branch: "main" },
      }),
    );
    const run = await issues([], {
      GITHUB_REPO: "",
      GITHUB_REPOSITORY: "me/ideas",
      GITHUB_EVENT_NAME: "issues",
      GITHUB_EVENT_PATH: event,
    });

    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(run.stderr.trim()).toBe(`#1 was labelled "bug", not "${INTAKE_LABEL}": nothing to do`);
    expect(world.github.requests).toEqual([]);
    expect(world.fake.requests).toEqual([]);
  });

  it("explores each issue once when two runs start at the same time", async () => {
    world.repo.issues.add({ title: "Refill stations in corner shops", labels: [INTAKE_LABEL] });
    world.repo.issues.add({ title: "Solar dryer kits for market stalls", labels: [INTAKE_LABEL] });
    const [a, b] = await Promise.all([issues(), issues()]);

    expect([a.code, b.code]).toEqual([0, 0]);
    const lines = [...a.stdout.trim().split("\n"), ...b.stdout.trim().split("\n")];
    for (const n of [1, 2]) {
      expect(lines.filter((l) => l.startsWith(`#${n} completed `))).toHaveLength(1);
      expect(
        lines.filter((l) => l.startsWith(`#${n} `) && !l.startsWith(`#${n} completed`)),
      ).toEqual(lines.filter((l) => l.startsWith(`#${n} skipped: `)));
      expect(intakeComments(world.repo, n)).toHaveLength(2);
      expect(world.repo.issues.issue(n).state).toBe("closed");
    }
    expect(world.repo.log()).toHaveLength(3);
    expect(world.fake.requests).toHaveLength(2);
  });
});
