import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeAnthropicServer, reply, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { REPO_ROOT, runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, git, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/**
 * The integrity promise of `explore` against a local git repository, tested by causing the
 * failures: kill -9 during the commit, two processes at once on different ideas and on one idea.
 */

const REPORT = "# Report\n\nA short report.";
let fake: FakeAnthropicServer;
let repo: TempTree;
/**
 * A folder whose `git` notes each call in $GIT_CALLS and sleeps before running it, so the test can
 * kill explore at the k-th git call of its commit phase, whatever the machine's load.
 */
let slowGitBin: string;
/**
 * Kills land at a random one of this many git calls after "Writing research.md": the commit
 * phase makes 11 (the head, three reads of it, blobs, a private index, tree, commit, update-ref,
 * the user's index), the 10th moves the branch; the rest fall after the run ended.
 */
const COMMIT_GIT_CALLS = 14;

beforeAll(async () => {
  slowGitBin = await mkdtemp(path.join(tmpdir(), "slow-git-"));
  const realGit = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
  await writeFile(
    path.join(slowGitBin, "git"),
    `#!/bin/sh\necho "$1" >> "$GIT_CALLS"\nsleep 0.03\nexec ${realGit} "$@"\n`,
  );
  await chmod(path.join(slowGitBin, "git"), 0o755);
});
afterAll(async () => {
  await rm(slowGitBin, { recursive: true, force: true });
});

beforeEach(async () => {
  fake = await startFakeAnthropic();
  fake.setHandler(async () => reply.text(REPORT));
  repo = await gitTree({ files: { "README.md": "seed\n" } });
});
afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

const env = (extra: Record<string, string> = {}) => ({ ...fake.env, ...GIT_IDENTITY, ...extra });

function spawnExplore(idea: string, extraEnv: Record<string, string> = {}, args: string[] = []) {
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, "bin/idea-explorer.js"), "explore", idea, ...args],
    {
      cwd: repo.dir,
      env: { PATH: process.env.PATH ?? "", HOME: repo.dir, ...env(extraEnv) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done, stderr: () => stderr };
}

async function waitFor(check: () => boolean, what: () => string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting; so far: ${what()}`);
    await delay(5);
  }
}

/** Folders under ideas/ on the branch head, and every file they hold. */
function committedFiles(): string[] {
  return git(repo.dir, "ls-tree", "-r", "--name-only", "HEAD", "--", "ideas/")
    .split("\n")
    .filter(Boolean);
}

function status(): string[] {
  return git(repo.dir, "status", "--porcelain", "--untracked-files=all")
    .split("\n")
    .filter(Boolean);
}

describe("explore survives kill -9 during its commit", () => {
  it("ends, after a re-run, with one committed folder holding both files, the user's staged file still staged", async () => {
    const trials = 20;
    let killedBeforeCommit = 0;
    for (let trial = 0; trial < trials; trial++) {
      await repo.cleanup();
      repo = await gitTree({ files: { "README.md": "seed\n" } });
      await writeFile(path.join(repo.dir, "staged.txt"), "the user's own work\n");
      git(repo.dir, "add", "staged.txt");
      const idea = `kill test idea number ${trial}`;

      const calls = path.join(slowGitBin, `calls-${trial}`);
      await writeFile(calls, "");
      const gitCalls = () => readFileSync(calls, "utf8").split("\n").length - 1;
      const run = spawnExplore(idea, {
        PATH: `${slowGitBin}:${process.env.PATH ?? ""}`,
        GIT_CALLS: calls,
      });
      await waitFor(() => run.stderr().includes("Writing research.md"), run.stderr);
      const killAt = gitCalls() + Math.floor(Math.random() * (COMMIT_GIT_CALLS + 1));
      await waitFor(() => gitCalls() >= killAt || run.child.exitCode !== null, run.stderr);
      run.child.kill("SIGKILL");
      await run.done;
      if (committedFiles().length === 0) killedBeforeCommit += 1;

      const again = await runCli(["explore", idea], { cwd: repo.dir, env: env() });
      expect(again.code, again.stderr).toBe(0);
      const files = committedFiles();
      expect(files).toHaveLength(2);
      expect(files.map((f) => path.basename(f)).sort()).toEqual([
        "exploration-log.json",
        "research.md",
      ]);
      expect(status()).toEqual(["A  staged.txt"]);
      git(repo.dir, "fsck", "--no-dangling", "--strict");
    }
    // Both sides of the ref update were hit, or the test proves nothing.
    expect(killedBeforeCommit).toBeGreaterThan(0);
    expect(killedBeforeCommit).toBeLessThan(trials);
  }, 240_000);
});

describe("two explore processes on one repository", () => {
  it("with different ideas: both commit, every time", async () => {
    for (let trial = 0; trial < 10; trial++) {
      const runs = [
        spawnExplore(`first idea of trial ${trial}`),
        spawnExplore(`second idea of trial ${trial}`),
      ];
      const results = await Promise.all(runs.map((r) => r.done));
      for (const result of results) {
        expect(result.code, result.stderr).toBe(0);
        expect(result.stderr).toMatch(/^Wrote /m);
      }
    }
    expect(committedFiles()).toHaveLength(40);
    expect(Number(git(repo.dir, "rev-list", "--count", "HEAD"))).toBe(21);
    expect(status()).toEqual([]);
  }, 120_000);

  it("with one idea: one model run, one folder, one commit; the second reports it (exit 0, same path)", async () => {
    // The first run keeps researching until the second one says it waits for it: however slow
    // the machine, the two overlap.
    let release = () => {};
    const researching = new Promise<void>((resolve) => (release = resolve));
    fake.setHandler(async () => {
      await researching;
      return reply.text(REPORT);
    });
    const first = spawnExplore("one idea, two terminals");
    await waitFor(() => fake.requests.length === 1, first.stderr);
    const second = spawnExplore("one idea, two terminals");
    await waitFor(() => /^Waiting: /m.test(second.stderr()), second.stderr);
    release();
    const [a, b] = await Promise.all([first.done, second.done]);

    expect(fake.requests).toHaveLength(1);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stderr).toMatch(/Waiting: another run \(pid \d+, since .*\) is exploring this idea/);
    expect(b.stderr).toMatch(/^Already explored: /m);
    expect(b.stdout).toBe(a.stdout);
    expect(committedFiles()).toHaveLength(2);
    expect(Number(git(repo.dir, "rev-list", "--count", "HEAD"))).toBe(2);
  }, 60_000);

  it("with --no-wait, the second stops at once, naming the run it found", async () => {
    // The first run keeps researching until the second one has ended.
    let release = () => {};
    const researching = new Promise<void>((resolve) => (release = resolve));
    fake.setHandler(async () => {
      await researching;
      return reply.text(REPORT);
    });
    const first = spawnExplore("one idea, no waiting");
    await waitFor(() => fake.requests.length === 1, first.stderr);
    const second = await runCli(["explore", "one idea, no waiting", "--no-wait"], {
      cwd: repo.dir,
      env: env(),
    });
    release();
    expect(second.code).toBe(1);
    expect(second.stderr.trim().split("\n").at(-1)).toMatch(
      /^idea-explorer explore: this idea is already being explored by another run \(pid \d+, since [^)]+\); run it again when that run has ended, or leave out --no-wait to wait for it$/,
    );
    expect((await first.done).code).toBe(0);
    expect(fake.requests).toHaveLength(1);
  }, 60_000);
});
