import { readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { changedFiles } from "../fakes/github-server.ts";
import { type IntakeWorld, startIntakeWorld } from "../helpers/issue-intake-world.ts";
import { runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

const FORM = ".github/ISSUE_TEMPLATE/idea.yml";
const WORKFLOW = ".github/workflows/explore-ideas.yml";

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

interface Workflow {
  on: unknown;
  permissions: unknown;
  concurrency: unknown;
  jobs: { explore: { if: string; steps: { run?: string; env?: Record<string, string> }[] } };
}
interface IssueForm {
  labels: string[];
  body: { id?: string }[];
}
/** An Actions expression as the workflow holds it. */
const actions = (expression: string) => `$\{{ ${expression} }}`;

/** What the generated workflow asks of GitHub Actions, read as Actions reads it. */
function checkWorkflow(text: string, label: string) {
  const workflow = parseYaml(text) as Workflow;
  expect(workflow.on).toEqual({ issues: { types: ["labeled"] }, workflow_dispatch: {} });
  // Least privilege: everything not named is none.
  expect(workflow.permissions).toEqual({ contents: "write", issues: "write" });
  expect(workflow.concurrency).toEqual({ group: "explore-ideas", "cancel-in-progress": false });
  const job = workflow.jobs.explore;
  expect(job.if).toBe(
    `github.event_name == 'workflow_dispatch' || github.event.label.name == '${label.replaceAll("'", "''")}'`,
  );
  const run = job.steps.find((s) => s.run);
  expect(run?.run).toMatch(/^npx --yes idea-explorer@\d+\.\d+\.\d+ issues$/);
  expect(run?.env).toEqual({
    ANTHROPIC_API_KEY: actions("secrets.ANTHROPIC_API_KEY"),
    GITHUB_TOKEN: actions("secrets.GITHUB_TOKEN"),
    GITHUB_REPO: actions("github.repository"),
    GITHUB_BRANCH: actions("github.event.repository.default_branch"),
    IDEA_EXPLORER_ISSUE_LABEL: label,
  });
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
  it("writes the issue form and a least-permission workflow into a local folder", async () => {
    const run = await init(["--repo", "."]);

    expect(run.code).toBe(0);
    expect(run.stdout.trim().split("\n")).toEqual([FORM, WORKFLOW]);
    expect(run.stderr).toContain("Wrote 2 of 2 files to . (commit and push them)");
    expect(run.stderr).toContain("Labels not created");
    checkWorkflow(await local(WORKFLOW), "idea");
    checkForm(await local(FORM), "idea");
  });

  it("never overwrites a file that is there, unless --force", async () => {
    await init([]);
    await writeFile(path.join(cwd.dir, WORKFLOW), "# mine\n");

    const again = await init([]);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe("");
    expect(again.stderr).toContain(`Kept ${WORKFLOW}: it is there already (--force replaces it)`);
    expect(await local(WORKFLOW)).toBe("# mine\n");

    const forced = await init(["--force"]);
    expect(forced.stdout.trim().split("\n")).toEqual([FORM, WORKFLOW]);
    checkWorkflow(await local(WORKFLOW), "idea");
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

  it("commits both files in one commit on GitHub and creates the labels, once", async () => {
    const env = world.env();
    const head = world.repo.head();
    const run = await init(["--label", "it's an idea"], env);

    expect(run.code).toBe(0);
    const [commit] = world.repo.log();
    expect(world.repo.log()[1]?.sha).toBe(head);
    expect(commit?.message).toBe("Set up idea intake from GitHub issues");
    expect(changedFiles(world.repo, commit!.sha)).toEqual([FORM, WORKFLOW]);
    checkWorkflow(world.repo.readFile(WORKFLOW)!, "it's an idea");
    checkForm(world.repo.readFile(FORM)!, "it's an idea");
    expect([...world.repo.issues.labels.values()].map((l) => [l.name, l.color])).toEqual([
      ["it's an idea", "1d76db"],
      ["it's an idea-processing", "fbca04"],
      ["it's an idea-completed", "0e8a16"],
      ["it's an idea-failed", "d93f0b"],
    ]);

    const again = await init(["--label", "it's an idea"], env);
    expect(again.code).toBe(0);
    expect(world.repo.log()).toHaveLength(2);
    expect(again.stderr).toContain(`Kept ${FORM}`);
    expect(again.stderr).toContain("The labels are in me/ideas already");
  });

  it("asks what to set up", async () => {
    const run = await runCli(["init"], { cwd: cwd.dir });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      'idea-explorer init: say what to set up: the only one is "init github" (see idea-explorer init --help)',
    );
  });
});
