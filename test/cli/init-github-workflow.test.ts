import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { changedFiles, type FakeRepo } from "../fakes/github-server.ts";
import {
  type ExpressionContext,
  evaluateExpression,
  onlyJob,
  parseWorkflow,
  runJob,
  type Step,
} from "../helpers/actions-job.ts";
import { startApiPrefixProxy } from "../helpers/api-prefix-proxy.ts";
import {
  INTAKE_LABEL,
  INTAKE_TOKEN,
  type IntakeWorld,
  intakeComments,
  startIntakeWorld,
} from "../helpers/issue-intake-world.ts";
import { type RegistryTrap, startRegistryTrap } from "../helpers/registry-trap.ts";
import { REPO_ROOT, runCli } from "../helpers/run-cli.ts";

const FORM = ".github/ISSUE_TEMPLATE/idea.yml";
const WORKFLOW = ".github/workflows/explore-ideas.yml";
const BUNDLE = ".github/idea-explorer/idea-explorer.mjs";
const RUN_ID = "4242";

// The workflow `init github` commits, run step by step as the Actions runner runs it: the
// checkout stood in for by the committed bundle's folder in a fresh workspace, setup-node by this
// test's Node 24 first on PATH, GitHub's own variables and event file set as Actions sets them,
// and every package registry out of reach and watched. `init github` runs once, on a fake GitHub
// of its own (its pacing makes a commit of the bundle take seconds); each test's repository then
// gets exactly the files it committed.
let committed: Record<string, string>;
beforeAll(async () => {
  const setup = await startIntakeWorld({ secondaryRateLimit: false });
  const cwd = await mkdtemp(path.join(tmpdir(), "init-github-"));
  try {
    const run = await runCli(["init", "github"], { cwd, env: setup.env() });
    expect(run.code, run.stderr).toBe(0);
    const [commit] = setup.repo.log();
    committed = Object.fromEntries(
      changedFiles(setup.repo, commit!.sha).map((file) => [file, setup.repo.readFile(file)!]),
    );
    expect(Object.keys(committed).sort()).toEqual([FORM, BUNDLE, WORKFLOW]);
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

/** The set-up commit `init github` made, on `repo`'s default branch. */
function setUp(repo: FakeRepo) {
  repo.push(committed, "Set up idea intake from GitHub issues");
}

/** The checkout step's result: only the bundle's folder (a sparse checkout), as committed. */
async function checkout(repo: FakeRepo): Promise<string> {
  const workspace = path.join(runner, "work", repo.fullName);
  await mkdir(path.join(workspace, path.dirname(BUNDLE)), { recursive: true });
  await writeFile(path.join(workspace, BUNDLE), repo.readFile(BUNDLE)!);
  return workspace;
}

/** The `issues` event of a label put on issue `number`, with the fields GitHub sends. */
function labelledEvent(repo: FakeRepo, number: number, label = INTAKE_LABEL) {
  const issue = repo.issues.issue(number);
  return {
    action: "labeled",
    label: { name: label },
    issue: { number, title: issue.title, state: issue.state, labels: [{ name: label }] },
    repository: { full_name: repo.fullName, default_branch: repo.defaultBranch },
    sender: { login: "maintainer", type: "User" },
  };
}

interface Dispatch {
  repo: FakeRepo;
  event: ReturnType<typeof labelledEvent>;
  workspace: string;
  vars?: Record<string, string>;
  apiUrl?: string;
  serverUrl?: string;
}

/** The workflow's job for `event`, as Actions would run it; undefined when its `if` says no. */
async function dispatch({ repo, event, workspace, vars = {}, apiUrl, serverUrl }: Dispatch) {
  const job = onlyJob(parseWorkflow(repo.readFile(WORKFLOW)!));
  const context: ExpressionContext = {
    github: { event_name: "issues", event, repository: repo.fullName, run_id: RUN_ID },
    secrets: { ANTHROPIC_API_KEY: world.fake.env.ANTHROPIC_API_KEY, GITHUB_TOKEN: INTAKE_TOKEN },
    vars: { ANTHROPIC_BASE_URL: world.fake.url, ...vars },
  };
  if (!evaluateExpression(job.if!, context)) return undefined;
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
      GITHUB_API_URL: apiUrl ?? world.github.url,
      GITHUB_SERVER_URL: serverUrl ?? world.github.url,
      GITHUB_RUN_ID: RUN_ID,
      GITHUB_EVENT_NAME: "issues",
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_REF: `refs/heads/${repo.defaultBranch}`,
    },
  });
  expect(used.map((s) => s.uses?.replace(/@.*/, ""))).toEqual([
    "actions/checkout",
    "actions/setup-node",
  ]);
  return steps;
}

const writesTo = (world: IntakeWorld) => world.github.requests.filter((r) => r.method !== "GET");

describe("the workflow init github commits, run as Actions runs it", () => {
  it("explores a labelled issue with the committed bundle, nothing from a registry: one commit, one answer, labels right", async () => {
    const repo = world.repo;
    setUp(repo);
    const number = repo.issues.add({
      title: "Refill stations in corner shops",
      labels: [INTAKE_LABEL],
    }).number;
    const workspace = await checkout(repo);
    const before = repo.log().length;

    const steps = await dispatch({
      repo,
      event: labelledEvent(repo, number),
      workspace,
      vars: { IDEA_EXPLORER_MODEL: "claude-haiku-4-5" },
    });

    expect(steps?.map((s) => [s.name, s.code])).toEqual([
      ["Check the bundle's SHA-256", 0],
      ["Explore the issues labelled for intake", 0],
    ]);
    const explore = steps![1]!;
    expect(explore.stdout.trim(), explore.stderr).toMatch(
      new RegExp(
        `^#${number} completed ${world.github.url}/me/ideas/blob/main/ideas/.+/research\\.md$`,
      ),
    );
    // One commit, of the research only.
    const log = repo.log();
    expect(log).toHaveLength(before + 1);
    expect(log[0]?.message).toBe(`Explore: Refill stations in corner shops (#${number})`);
    expect(changedFiles(repo, log[0]!.sha).every((f) => f.startsWith("ideas/"))).toBe(true);
    // The claim naming this run, then one answer; labelled completed and closed.
    const comments = intakeComments(repo, number);
    expect(comments).toHaveLength(2);
    expect(comments[0]?.body).toContain(
      `[GitHub Actions run ${RUN_ID}](${world.github.url}/me/ideas/actions/runs/${RUN_ID})`,
    );
    expect(comments[1]?.body).toContain(`${world.github.url}/me/ideas/blob/main/ideas/`);
    expect(repo.issues.issue(number)).toMatchObject({
      state: "closed",
      labels: [`${INTAKE_LABEL}-completed`],
    });
    // The repository variable chose the model; nothing tried a registry or left the machine.
    expect(world.fake.requests).toHaveLength(1);
    expect(world.fake.requests[0]?.body.model).toMatch(/^claude-haiku-/);
    expect(await trap.attempts()).toEqual([]);
  }, 90_000);

  it("stops at the hash check, in one line and before any model call, when the bundle is not the one pinned", async () => {
    const repo = world.repo;
    setUp(repo);
    const number = repo.issues.add({ title: "Refill stations", labels: [INTAKE_LABEL] }).number;
    const workspace = await checkout(repo);
    const bundle = path.join(workspace, BUNDLE);
    const original = await readFile(bundle);
    const writes = writesTo(world).length;

    const tampered = Buffer.from(original);
    const middle = Math.floor(tampered.length / 2);
    tampered[middle] = tampered[middle] === 0x20 ? 0x21 : 0x20;
    await writeFile(bundle, tampered);
    const changed = await dispatch({ repo, event: labelledEvent(repo, number), workspace });

    await rm(bundle);
    const missing = await dispatch({ repo, event: labelledEvent(repo, number), workspace });

    for (const steps of [changed, missing]) {
      expect(steps?.map((s) => [s.name, s.code])).toEqual([["Check the bundle's SHA-256", 1]]);
      expect(`${steps![0]!.stdout}${steps![0]!.stderr}`.trim().split("\n")).toEqual([
        expect.stringMatching(
          /^::error::\.github\/idea-explorer\/idea-explorer\.mjs is not the bundle this workflow pins \(SHA-256 [0-9a-f]{64}\); run idea-explorer init github --upgrade/,
        ),
      ]);
    }
    expect(world.fake.requests).toEqual([]);
    expect(writesTo(world)).toHaveLength(writes);
    expect(repo.issues.issue(number)).toMatchObject({ state: "open", labels: [INTAKE_LABEL] });
    expect(await trap.attempts()).toEqual([]);
  }, 60_000);

  it("runs unchanged on GitHub Enterprise Server: API under /api/v3, its own web host, the event's default branch", async () => {
    const ghes = await startApiPrefixProxy(world.github.url);
    try {
      const repo = world.github.addRepo("team/ideas", { defaultBranch: "trunk" });
      setUp(repo);
      const number = repo.issues.add({ title: "Solar dryer kits", labels: [INTAKE_LABEL] }).number;
      const workspace = await checkout(repo);

      const steps = await dispatch({
        repo,
        event: labelledEvent(repo, number),
        workspace,
        apiUrl: ghes.apiUrl,
        serverUrl: ghes.serverUrl,
      });

      expect(steps?.map((s) => s.code)).toEqual([0, 0]);
      expect(steps![1]!.stdout.trim()).toMatch(
        new RegExp(
          `^#${number} completed ${ghes.serverUrl}/team/ideas/blob/trunk/ideas/.+/research\\.md$`,
        ),
      );
      expect(repo.log("trunk")[0]?.message).toBe(`Explore: Solar dryer kits (#${number})`);
      expect(intakeComments(repo, number)[0]?.body).toContain(
        `(${ghes.serverUrl}/team/ideas/actions/runs/${RUN_ID})`,
      );
      expect(repo.issues.issue(number).state).toBe("closed");
      expect(ghes.paths.some((p) => p.startsWith("/api/v3/repos/team/ideas/git/"))).toBe(true);
      expect(await trap.attempts()).toEqual([]);
    } finally {
      await ghes.close();
    }
  }, 90_000);

  it("caps each run's cost by default: an unpriced model stops before any claim until the team gives its price", async () => {
    const repo = world.repo;
    setUp(repo);
    const number = repo.issues.add({ title: "Refill stations", labels: [INTAKE_LABEL] }).number;
    const workspace = await checkout(repo);
    const gateway = { IDEA_EXPLORER_MODEL: "team-gateway-model-1" };
    const writes = writesTo(world).length;

    const unpriced = await dispatch({
      repo,
      event: labelledEvent(repo, number),
      workspace,
      vars: gateway,
    });
    expect(unpriced?.map((s) => s.code)).toEqual([0, 2]);
    expect(unpriced![1]!.stderr).toMatch(
      /^idea-explorer issues: max-cost needs a price for team-gateway-model-1; .*IDEA_EXPLORER_PRICE_IN/m,
    );
    expect(writesTo(world)).toHaveLength(writes);
    expect(world.fake.requests).toEqual([]);

    const priced = await dispatch({
      repo,
      event: labelledEvent(repo, number),
      workspace,
      vars: { ...gateway, IDEA_EXPLORER_PRICE_IN: "1", IDEA_EXPLORER_PRICE_OUT: "5" },
    });
    expect(priced?.map((s) => s.code)).toEqual([0, 0]);
    expect(world.fake.requests.map((r) => r.body.model)).toEqual(["team-gateway-model-1"]);
  }, 90_000);

  it("commits this version of the CLI as one file that runs without its package around it", async () => {
    const bundle = path.join(runner, "idea-explorer.mjs");
    await writeFile(bundle, committed[BUNDLE]!);
    const node = (args: string[]) =>
      promisify(execFile)(process.execPath, [bundle, ...args], { cwd: runner, env: trap.env });
    const { version } = JSON.parse(await readFile(path.join(REPO_ROOT, "package.json"), "utf8"));

    expect((await node(["--version"])).stdout.trim()).toBe(version);
    expect((await node(["issues", "--help"])).stdout).toMatch(/^Usage: idea-explorer issues /);
    expect(await trap.attempts()).toEqual([]);
  });

  it("runs for the intake label (the repository variable's when set) and by hand, for no other label", async () => {
    const job = onlyJob(parseWorkflow(committed[WORKFLOW]!));
    const runsFor = (github: Record<string, unknown>, vars: Record<string, string> = {}) =>
      Boolean(evaluateExpression(job.if!, { github, vars }));
    const labelled = (name: string) => ({ event_name: "issues", event: { label: { name } } });

    expect(runsFor(labelled(INTAKE_LABEL))).toBe(true);
    expect(runsFor(labelled(INTAKE_LABEL.toUpperCase()))).toBe(true);
    expect(runsFor(labelled("bug"))).toBe(false);
    expect(runsFor(labelled("bug"), { IDEA_EXPLORER_ISSUE_LABEL: "bug" })).toBe(true);
    expect(runsFor(labelled(INTAKE_LABEL), { IDEA_EXPLORER_ISSUE_LABEL: "bug" })).toBe(false);
    expect(runsFor({ event_name: "workflow_dispatch", event: {} })).toBe(true);
  });
});
