import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { changedFiles } from "../fakes/github-server.ts";
import { INTAKE_LABEL, type IntakeWorld, startIntakeWorld } from "../helpers/issue-intake-world.ts";
import { REPO_ROOT, runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

const FORM = ".github/ISSUE_TEMPLATE/idea.yml";
const WORKFLOW = ".github/workflows/explore-ideas.yml";
const BUNDLE = ".github/idea-explorer/idea-explorer.mjs";
/** What `npm run build` leaves (npm test builds before it runs the tests). */
const BUILT_BUNDLE = path.join(REPO_ROOT, "dist/action/idea-explorer.mjs");

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

const init = (args: string[], env: Record<string, string> = {}) =>
  runCli(["init", "github", ...args], { cwd: cwd.dir, env });
const local = (file: string) => readFile(path.join(cwd.dir, file), "utf8");

interface Step {
  name?: string;
  uses?: string;
  with?: Record<string, unknown>;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
}
interface Workflow {
  on: unknown;
  permissions: unknown;
  concurrency?: unknown;
  jobs: {
    explore: { if: string; permissions: unknown; concurrency: unknown; steps: Step[] };
  };
}
interface IssueForm {
  labels: string[];
  body: { id?: string }[];
}
/** An Actions expression as the workflow holds it. */
const actions = (expression: string) => `$\{{ ${expression} }}`;
const ownVersion = async () =>
  (JSON.parse(await readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string })
    .version;
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * What the generated workflow asks of GitHub Actions, read as Actions reads it, for the bundle
 * `bundle` committed beside it.
 */
function checkWorkflow(text: string, label: string, bundle: string) {
  const workflow = parseYaml(text) as Workflow;
  expect(workflow.on).toEqual({ issues: { types: ["labeled"] }, workflow_dispatch: {} });
  // Least privilege: nothing for the workflow, contents and issues for the one job.
  expect(workflow.permissions).toEqual({});
  expect(workflow.concurrency).toBeUndefined();
  const job = workflow.jobs.explore;
  expect(job.permissions).toEqual({ contents: "write", issues: "write" });
  expect(job.concurrency).toEqual({ group: "explore-ideas", "cancel-in-progress": false });
  const intakeLabel = `vars.IDEA_EXPLORER_ISSUE_LABEL || '${label.replaceAll("'", "''")}'`;
  expect(job.if).toBe(
    `github.event_name == 'workflow_dispatch' || github.event.label.name == (${intakeLabel})`,
  );

  // Every action pinned to a full commit, its tag in a comment; nothing else is fetched.
  const uses = text.split("\n").filter((line) => /^\s*(- )?uses:/.test(line));
  expect(uses).toHaveLength(2);
  for (const line of uses) {
    expect(line).toMatch(/^\s*uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
  }
  const [checkout, setupNode, check, explore] = job.steps;
  expect(checkout?.uses).toMatch(/^actions\/checkout@/);
  expect(checkout?.with).toEqual({
    "persist-credentials": false,
    "sparse-checkout": ".github/idea-explorer/",
    "sparse-checkout-cone-mode": false,
  });
  expect(setupNode?.uses).toMatch(/^actions\/setup-node@/);
  expect(setupNode?.with).toEqual({ "node-version": 24, "package-manager-cache": false });
  // The bundle's hash is checked before it runs, by a step with no secrets.
  expect(check).toMatchObject({ shell: "bash" });
  expect(check?.run).toContain(`expected=${sha256(bundle)}\n`);
  expect(check?.env).toBeUndefined();
  expect(explore?.run).toBe(`node ${BUNDLE} issues`);
  expect(job.steps).toHaveLength(4);
  // Secrets reach only the step that runs the bundle; the team's settings are variables.
  expect(explore?.env).toEqual({
    ANTHROPIC_API_KEY: actions("secrets.ANTHROPIC_API_KEY"),
    GITHUB_TOKEN: actions("secrets.GITHUB_TOKEN"),
    ANTHROPIC_BASE_URL: actions("vars.ANTHROPIC_BASE_URL"),
    IDEA_EXPLORER_MODEL: actions("vars.IDEA_EXPLORER_MODEL"),
    IDEA_EXPLORER_MAX_COST: actions("vars.IDEA_EXPLORER_MAX_COST || '2'"),
    IDEA_EXPLORER_PRICE_IN: actions("vars.IDEA_EXPLORER_PRICE_IN"),
    IDEA_EXPLORER_PRICE_OUT: actions("vars.IDEA_EXPLORER_PRICE_OUT"),
    IDEA_EXPLORER_ISSUE_LABEL: actions(intakeLabel),
    IDEA_EXPLORER_TRUST: actions("vars.IDEA_EXPLORER_TRUST"),
    IDEA_EXPLORER_STALE_AFTER: actions("vars.IDEA_EXPLORER_STALE_AFTER"),
  });
  expect(text).not.toMatch(/npx|npm |registry/);
}

function checkForm(text: string, label: string) {
  const form = parseYaml(text) as IssueForm;
  expect(form.labels).toEqual([label]);
  expect(form.body.flatMap((f) => (f.id ? [f.id] : []))).toEqual([
    "idea",
    "mode",
    "context",
    "depth",
  ]);
}

describe("idea-explorer init github", () => {
  it("writes the issue form, a least-permission workflow and the bundle it pins into a local folder", async () => {
    const run = await init(["--repo", "."]);

    expect(run.code).toBe(0);
    expect(run.stdout.trim().split("\n")).toEqual([FORM, WORKFLOW, BUNDLE]);
    expect(run.stderr).toContain("Wrote 3 of 3 files to . (commit and push them)");
    expect(run.stderr).toContain("Labels not created");
    const built = await readFile(BUILT_BUNDLE, "utf8");
    expect(await local(BUNDLE)).toBe(built);
    checkWorkflow(await local(WORKFLOW), "idea", built);
    checkForm(await local(FORM), "idea");
  });

  it("keeps what is there: --upgrade replaces the workflow and its bundle together, --force also the form", async () => {
    await init([]);
    await writeFile(path.join(cwd.dir, FORM), "# our form\n");
    await writeFile(path.join(cwd.dir, WORKFLOW), "# mine\n");
    await writeFile(path.join(cwd.dir, BUNDLE), "// an older bundle\n");

    const again = await init([]);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe("");
    expect(again.stderr).toContain(`Kept ${FORM}: it is there already (--force replaces it)`);
    for (const file of [WORKFLOW, BUNDLE]) {
      expect(again.stderr).toContain(
        `Kept ${file}: the workflow is there already (--upgrade replaces the workflow and its bundle with this version's)`,
      );
    }
    expect(await local(WORKFLOW)).toBe("# mine\n");
    // A kept workflow keeps its bundle, even a missing one: never a new bundle under an old pin.
    await rm(path.join(cwd.dir, BUNDLE));
    const missing = await init([]);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toContain(`Kept ${BUNDLE}: the workflow is there already`);
    expect(await readdir(path.join(cwd.dir, ".github/idea-explorer"))).toEqual([]);

    const upgraded = await init(["--upgrade"]);
    expect(upgraded.stdout.trim().split("\n")).toEqual([WORKFLOW, BUNDLE]);
    const built = await readFile(BUILT_BUNDLE, "utf8");
    checkWorkflow(await local(WORKFLOW), "idea", built);
    expect(await local(BUNDLE)).toBe(built);
    expect(await local(FORM)).toBe("# our form\n");

    const forced = await init(["--force"]);
    expect(forced.stdout.trim().split("\n")).toEqual([FORM]);
    expect(forced.stderr).toContain(`${WORKFLOW} is up to date`);
    checkForm(await local(FORM), "idea");
  });

  it("--schedule adds the weekly refresh workflow, which --upgrade then replaces with the bundle it pins", async () => {
    const REFRESH = ".github/workflows/idea-explorer-refresh.yml";
    const plain = await init([]);
    expect(plain.stdout.trim().split("\n")).toEqual([FORM, WORKFLOW, BUNDLE]);

    // Set up already: the refresh workflow pins the same bundle, so it comes with --upgrade.
    const kept = await init(["--schedule"]);
    expect(kept.stdout).toBe("");
    expect(kept.stderr).toContain(
      `${REFRESH} was not written: it pins the same bundle as the intake workflow, which is kept; idea-explorer init github --schedule --upgrade writes both`,
    );
    expect(kept.stderr).not.toContain(`Kept ${REFRESH}`);
    const added = await init(["--schedule", "--upgrade"]);
    expect(added.stdout.trim().split("\n")).toEqual([REFRESH]);
    expect(added.stderr).toContain("Every Monday the refresh workflow refreshes up to 5");
    const built = await readFile(BUILT_BUNDLE, "utf8");
    const refresh = parseYaml(await local(REFRESH)) as { jobs: { refresh: { steps: Step[] } } };
    expect(refresh.jobs.refresh.steps[2]?.run).toContain(`expected=${sha256(built)}\n`);

    // An older pair: --upgrade alone replaces the refresh workflow with the bundle it pins.
    await writeFile(path.join(cwd.dir, REFRESH), "# an older refresh workflow\n");
    await writeFile(path.join(cwd.dir, BUNDLE), "// an older bundle\n");
    const upgraded = await init(["--upgrade"]);
    expect(upgraded.stdout.trim().split("\n")).toEqual([REFRESH, BUNDLE]);
    expect(await local(REFRESH)).toContain(`expected=${sha256(built)}\n`);

    // Without it, --upgrade never adds one.
    await rm(path.join(cwd.dir, REFRESH));
    await writeFile(path.join(cwd.dir, BUNDLE), "// an older bundle\n");
    const unscheduled = await init(["--upgrade"]);
    expect(unscheduled.stdout.trim().split("\n")).toEqual([BUNDLE]);
    expect(await readdir(path.join(cwd.dir, ".github/workflows"))).toEqual(["explore-ideas.yml"]);
  });

  it("writes the workflow and its bundle as a pair: a stale bundle without its workflow is replaced", async () => {
    await init([]);
    await rm(path.join(cwd.dir, WORKFLOW));
    await writeFile(path.join(cwd.dir, BUNDLE), "// a bundle left behind\n");

    const run = await init([]);
    expect(run.stdout.trim().split("\n")).toEqual([WORKFLOW, BUNDLE]);
    const built = await readFile(BUILT_BUNDLE, "utf8");
    expect(await local(BUNDLE)).toBe(built);
    checkWorkflow(await local(WORKFLOW), "idea", built);
  });

  it("refuses a .github that is a link out of the folder, writing nothing there", async () => {
    const outside = await makeTempTree({});
    try {
      await symlink(outside.dir, path.join(cwd.dir, ".github"));
      const run = await init([]);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split("\n")).toEqual([
        expect.stringMatching(/^idea-explorer init: \.github on the way to .* is not a folder/),
      ]);
      expect(run.stderr).not.toContain(outside.dir);
    } finally {
      await outside.cleanup();
    }
  });

  it("commits the three files in one commit on GitHub and creates the labels, once", async () => {
    const env = world.env();
    const head = world.repo.head();
    const run = await init(["--label", "it's an idea"], env);

    expect(run.code).toBe(0);
    const [commit] = world.repo.log();
    expect(world.repo.log()[1]?.sha).toBe(head);
    expect(commit?.message).toBe("Set up idea intake from GitHub issues");
    expect(changedFiles(world.repo, commit!.sha)).toEqual([FORM, BUNDLE, WORKFLOW]);
    const built = await readFile(BUILT_BUNDLE, "utf8");
    expect(world.repo.readFile(BUNDLE)).toBe(built);
    checkWorkflow(world.repo.readFile(WORKFLOW)!, "it's an idea", built);
    checkForm(world.repo.readFile(FORM)!, "it's an idea");
    expect([...world.repo.issues.labels.values()].map((l) => [l.name, l.color])).toEqual([
      ["it's an idea", "1d76db"],
      ["it's an idea-processing", "fbca04"],
      ["it's an idea-completed", "0e8a16"],
      ["it's an idea-failed", "d93f0b"],
    ]);

    // A private repository: nobody outside can file the form, so no warning.
    expect(run.stderr).not.toContain("this repository is public");

    const again = await init(["--label", "it's an idea"], env);
    expect(again.code).toBe(0);
    expect(world.repo.log()).toHaveLength(2);
    expect(again.stderr).toContain(`Kept ${FORM}`);
    expect(again.stderr).toContain(`Kept ${BUNDLE}`);
    expect(again.stderr).toContain("The labels are in me/ideas already");
  });

  it("warns that anyone can file an idea on a public repository, and says who is explored", async () => {
    world.repo.isPrivate = false;
    const run = await init([], world.env());
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      "warning: this repository is public: anyone can file an idea. Only issues written or labelled by people with triage rights or more are explored",
    );
  });

  it("--upgrade replaces an older workflow and bundle in one commit on GitHub, keeping the team's form", async () => {
    const env = world.env();
    const older = {
      [FORM]: "# our own form\n",
      [WORKFLOW]: "# an older workflow\njobs: {}\n",
      [BUNDLE]: "// an older bundle\n",
    };
    world.repo.push(older, "Set up idea intake from GitHub issues");
    const head = world.repo.head();

    const kept = await init([], env);
    expect(kept.code).toBe(0);
    expect(world.repo.head()).toBe(head);
    expect(kept.stderr).toContain(`Kept ${WORKFLOW}: the workflow is there already (--upgrade`);

    const upgraded = await init(["--upgrade"], env);
    expect(upgraded.code).toBe(0);
    expect(upgraded.stdout.trim().split("\n")).toEqual([WORKFLOW, BUNDLE]);
    const log = world.repo.log();
    expect(log[1]?.sha).toBe(head);
    expect(log[0]?.message).toBe(`Upgrade the idea intake to idea-explorer ${await ownVersion()}`);
    expect(changedFiles(world.repo, log[0]!.sha)).toEqual([BUNDLE, WORKFLOW]);
    const built = await readFile(BUILT_BUNDLE, "utf8");
    expect(world.repo.readFile(BUNDLE)).toBe(built);
    checkWorkflow(world.repo.readFile(WORKFLOW)!, INTAKE_LABEL, built);
    expect(world.repo.readFile(FORM)).toBe(older[FORM]);

    const twice = await init(["--upgrade"], env);
    expect(twice.code).toBe(0);
    expect(twice.stdout).toBe("");
    expect(world.repo.log()).toHaveLength(log.length);
    expect(twice.stderr).toContain(`${WORKFLOW} is up to date`);
    expect(twice.stderr).toContain(`${BUNDLE} is up to date`);
  }, 60_000);

  it("says in one line when this installation has no bundle to commit, writing nothing", async () => {
    // A source checkout that was never built: the CLI's own files, no dist/.
    const checkout = await makeTempTree({});
    try {
      await cp(path.join(REPO_ROOT, "src"), path.join(checkout.dir, "src"), { recursive: true });
      await cp(path.join(REPO_ROOT, "bin"), path.join(checkout.dir, "bin"), { recursive: true });
      await cp(path.join(REPO_ROOT, "package.json"), path.join(checkout.dir, "package.json"));
      await symlink(path.join(REPO_ROOT, "node_modules"), path.join(checkout.dir, "node_modules"));
      const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
        (resolve) => {
          execFile(
            process.execPath,
            [path.join(checkout.dir, "bin/idea-explorer.js"), "init", "github", "--repo", "."],
            { cwd: cwd.dir, env: { PATH: process.env.PATH ?? "", HOME: cwd.dir } },
            (error, stdout, stderr) =>
              resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
          );
        },
      );
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split("\n")).toEqual([
        "idea-explorer init: this idea-explorer has no single-file build to commit (dist/action/idea-explorer.mjs: ENOENT); reinstall it, or in a source checkout run npm run build",
      ]);
      expect(await readdir(cwd.dir)).toEqual([]);
    } finally {
      await checkout.cleanup();
    }
  }, 60_000);

  it("asks what to set up", async () => {
    const run = await runCli(["init"], { cwd: cwd.dir });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      'idea-explorer init: say what to set up: the only one is "init github" (see idea-explorer init --help)',
    );
  });
});
