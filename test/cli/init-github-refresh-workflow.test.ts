import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { slugifyIdea } from "../../src/research/idea-identity.ts";
import { changedFiles, type FakeRepo } from "../fakes/github-server.ts";
import {
  type ExpressionContext,
  onlyJob,
  parseWorkflow,
  runJob,
  type Step,
} from "../helpers/actions-job.ts";
import {
  DUPLICATE_IDEA,
  INTAKE_TOKEN,
  type IntakeWorld,
  startIntakeWorld,
} from "../helpers/issue-intake-world.ts";
import { type RegistryTrap, startRegistryTrap } from "../helpers/registry-trap.ts";
import { runCli } from "../helpers/run-cli.ts";

const FORM = ".github/ISSUE_TEMPLATE/idea.yml";
const WORKFLOW = ".github/workflows/explore-ideas.yml";
const REFRESH = ".github/workflows/idea-explorer-refresh.yml";
const BUNDLE = ".github/idea-explorer/idea-explorer.mjs";
const RUN_ID = "5151";

// The scheduled workflow `init github --schedule` commits, run step by step as the Actions
// runner runs it on its weekly schedule (see init-github-workflow.test.ts for the runner's
// stand-ins): the checkout is the committed bundle's folder, setup-node this test's Node 24,
// every package registry out of reach and watched. The intake world's repository holds one
// exploration researched on 2026-01-10, long past the default 90 days.
let committed: Record<string, string>;
beforeAll(async () => {
  const setup = await startIntakeWorld({ secondaryRateLimit: false });
  const cwd = await mkdtemp(path.join(tmpdir(), "init-github-schedule-"));
  try {
    const run = await runCli(["init", "github", "--schedule"], { cwd, env: setup.env() });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("Every Monday the refresh workflow refreshes up to 5");
    const [commit] = setup.repo.log();
    committed = Object.fromEntries(
      changedFiles(setup.repo, commit!.sha).map((file) => [file, setup.repo.readFile(file)!]),
    );
    expect(Object.keys(committed).sort()).toEqual([FORM, BUNDLE, WORKFLOW, REFRESH]);
  } finally {
    await setup.close();
    await rm(cwd, { recursive: true, force: true });
  }
}, 60_000);

let world: IntakeWorld;
let trap: RegistryTrap;
let runner: string;
beforeEach(async () => {
  world = await startIntakeWorld({ secondaryRateLimit: false });
  trap = await startRegistryTrap();
  runner = await mkdtemp(path.join(tmpdir(), "actions-runner-"));
});
afterEach(async () => {
  await Promise.all([world.close(), trap.close()]);
  await rm(runner, { recursive: true, force: true });
});

/** The set-up commit, then the checkout step's result: only the bundle's folder. */
async function setUpAndCheckOut(repo: FakeRepo): Promise<string> {
  repo.push(committed, "Set up idea intake from GitHub issues");
  const workspace = path.join(runner, "work", repo.fullName);
  await mkdir(path.join(workspace, path.dirname(BUNDLE)), { recursive: true });
  await writeFile(path.join(workspace, BUNDLE), repo.readFile(BUNDLE)!);
  return workspace;
}

/** The refresh job as Actions runs it for a `schedule` event. */
async function scheduledRun(repo: FakeRepo, workspace: string, vars: Record<string, string> = {}) {
  const job = onlyJob(parseWorkflow(repo.readFile(REFRESH)!));
  const event = { schedule: "0 6 * * 1" };
  const context: ExpressionContext = {
    github: { event_name: "schedule", event, repository: repo.fullName, run_id: RUN_ID },
    secrets: { ANTHROPIC_API_KEY: world.fake.env.ANTHROPIC_API_KEY, GITHUB_TOKEN: INTAKE_TOKEN },
    vars: { ANTHROPIC_BASE_URL: world.fake.url, ...vars },
  };
  const eventPath = path.join(runner, "_temp", "_github_workflow", "event.json");
  await mkdir(path.dirname(eventPath), { recursive: true });
  await writeFile(eventPath, JSON.stringify(event));
  const used: Step[] = [];
  const steps = await runJob(job, {
    workspace,
    context,
    onUses: (step) => used.push(step),
    env: {
      ...trap.env,
      HOME: path.join(runner, "home"),
      RUNNER_TEMP: path.join(runner, "_temp"),
      CI: "true",
      GITHUB_ACTIONS: "true",
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: repo.fullName,
      GITHUB_API_URL: world.github.url,
      GITHUB_SERVER_URL: world.github.url,
      GITHUB_RUN_ID: RUN_ID,
      GITHUB_EVENT_NAME: "schedule",
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_REF: `refs/heads/${repo.defaultBranch}`,
    },
  });
  expect(used.map((s) => s.uses)).toEqual([
    expect.stringMatching(/^actions\/checkout@[0-9a-f]{40}$/),
    expect.stringMatching(/^actions\/setup-node@[0-9a-f]{40}$/),
  ]);
  return steps;
}

/** An Actions expression as the workflow holds it. */
const actions = (expression: string) => `$\{{ ${expression} }}`;
const writesTo = (world: IntakeWorld) => world.github.requests.filter((r) => r.method !== "GET");
/** The exploration the intake world's repository holds, researched on 2026-01-10. */
const STALE_RESEARCH = `ideas/2026-01-10-${slugifyIdea(DUPLICATE_IDEA)}/research.md`;

describe("the refresh workflow init github --schedule commits, run as Actions runs it", () => {
  it("runs weekly and by hand, with the intake workflow's pins, hash check and least permission", () => {
    const workflow = parseWorkflow(committed[REFRESH]!);
    expect(workflow.on).toEqual({ schedule: [{ cron: "0 6 * * 1" }], workflow_dispatch: {} });
    expect(workflow.permissions).toEqual({});
    const job = onlyJob(workflow);
    expect(job.permissions).toEqual({ contents: "write" });
    // The same three steps as the intake workflow, word for word, then the refresh.
    const intake = onlyJob(parseWorkflow(committed[WORKFLOW]!));
    expect(job.steps.slice(0, 3)).toEqual(intake.steps.slice(0, 3));
    for (const line of committed[REFRESH]!.split("\n").filter((l) => /^\s*(- )?uses:/.test(l))) {
      expect(line).toMatch(/^\s*(- )?uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
    // Secrets reach only the step that runs the bundle.
    expect(job.steps.slice(0, 3).every((s) => s.env === undefined)).toBe(true);
    expect(job.steps[3]?.env).toMatchObject({
      ANTHROPIC_API_KEY: actions("secrets.ANTHROPIC_API_KEY"),
      GITHUB_TOKEN: actions("secrets.GITHUB_TOKEN"),
      GITHUB_REPO: actions("github.repository"),
      IDEA_EXPLORER_REFRESH_OLDER_THAN: actions("vars.IDEA_EXPLORER_REFRESH_OLDER_THAN || '90d'"),
      IDEA_EXPLORER_REFRESH_LIMIT: actions("vars.IDEA_EXPLORER_REFRESH_LIMIT || '5'"),
      IDEA_EXPLORER_REFRESH_MAX_COST: actions("vars.IDEA_EXPLORER_REFRESH_MAX_COST || '2'"),
    });
    expect(committed[REFRESH]).not.toMatch(/npx|npm |registry/);
  });

  it("refreshes the stale exploration with the committed bundle: one commit, an update, nothing from a registry", async () => {
    const repo = world.repo;
    const workspace = await setUpAndCheckOut(repo);
    const before = repo.log().length;
    const file = STALE_RESEARCH;
    const original = repo.readFile(file)!;

    // The team's model and its price (the cost cap needs one) are repository variables.
    const steps = await scheduledRun(repo, workspace, {
      IDEA_EXPLORER_MODEL: "haiku",
      IDEA_EXPLORER_PRICE_IN: "1",
      IDEA_EXPLORER_PRICE_OUT: "5",
    });

    expect(
      steps.map((s) => [s.name, s.code]),
      `${steps[1]?.stdout}${steps[1]?.stderr}`,
    ).toEqual([
      ["Check the bundle's SHA-256", 0],
      ["Refresh the stale explorations", 0],
    ]);
    const log = repo.log();
    expect(log).toHaveLength(before + 1);
    expect(changedFiles(repo, log[0]!.sha).every((f) => f.startsWith("ideas/"))).toBe(true);
    const refreshed = repo.readFile(file)!;
    expect(refreshed.startsWith(original.slice(0, 20))).toBe(true);
    expect(refreshed).toMatch(/^## Update - \d{4}-\d{2}-\d{2}$/m);
    expect(refreshed).toMatch(/^refreshed:/m);
    // The repository variable chose the model; one research run; nothing left the machine.
    expect(world.fake.requests.length).toBeGreaterThan(0);
    expect(world.fake.requests.every((r) => /^claude-haiku-/.test(String(r.body.model)))).toBe(
      true,
    );
    expect(JSON.stringify(world.fake.requests[0]?.body.messages)).toContain(DUPLICATE_IDEA);
    expect(await trap.attempts()).toEqual([]);
  }, 90_000);

  it("stops at the hash check, in one line and before any model call, when the bundle is not the one pinned", async () => {
    const repo = world.repo;
    const workspace = await setUpAndCheckOut(repo);
    const bundle = path.join(workspace, BUNDLE);
    const tampered = Buffer.from(await readFile(bundle));
    const middle = Math.floor(tampered.length / 2);
    tampered[middle] = tampered[middle] === 0x20 ? 0x21 : 0x20;
    await writeFile(bundle, tampered);
    const writes = writesTo(world).length;

    const steps = await scheduledRun(repo, workspace);

    expect(steps.map((s) => [s.name, s.code])).toEqual([["Check the bundle's SHA-256", 1]]);
    expect(`${steps[0]!.stdout}${steps[0]!.stderr}`.trim().split("\n")).toEqual([
      expect.stringMatching(
        /^::error::\.github\/idea-explorer\/idea-explorer\.mjs is not the bundle this workflow pins \(SHA-256 [0-9a-f]{64}\); run idea-explorer init github --upgrade/,
      ),
    ]);
    expect(world.fake.requests).toEqual([]);
    expect(writesTo(world)).toHaveLength(writes);
    expect(await trap.attempts()).toEqual([]);
  }, 60_000);
});
