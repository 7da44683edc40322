import { existsSync } from "node:fs";
import { chmod, cp, mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeAnthropicServer, reply, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";
import { REPO, runInterviewCli, withoutCost } from "./run-interview-cli.ts";

const FIXTURE = path.join(REPO, "test/fixtures/interview-codebase");
const KEY = "sk-ant-test-key-123456";

let tree: TempTree;
let api: FakeAnthropicServer | undefined;

beforeEach(async () => {
  tree = await makeTempTree({});
  await cp(FIXTURE, path.join(tree.dir, "codebase"), { recursive: true });
});
afterEach(async () => {
  await api?.close();
  api = undefined;
  await tree.cleanup();
});

function env(url: string): Record<string, string> {
  return { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: url };
}

/** Root reads and writes anything: permission cases run the CLI as nobody. */
async function asUnprivilegedUser() {
  if (process.getuid?.() !== 0) return {};
  await chmod(path.dirname(tree.dir), 0o755);
  await chmod(tree.dir, 0o755);
  return { uid: 65534, gid: 65534 };
}

describe("idea-explorer interview: the output folder", () => {
  it("is not created by a session that writes nothing", async () => {
    api = await startFakeAnthropic({ apiKey: KEY, replies: [reply.text("What is the problem?")] });
    const run = await runInterviewCli(["--codebase", "codebase", "--output", "out/jobs"], {
      input: "hello\n",
      env: env(api.url),
      cwd: tree.dir,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(withoutCost(run.stdout)).toBe(
      "What is the problem?\nNo files written this session (output folder: out/jobs).\n",
    );
    expect(await readdir(tree.dir)).toEqual(["codebase"]);
  });

  it("is created, parents included, by the first write", async () => {
    api = await startFakeAnthropic({
      apiKey: KEY,
      replies: [
        reply.toolUse("file_write", { path: "csv-export/jtbd.md", content: "# Job\n" }),
        reply.text("Written."),
      ],
    });
    const run = await runInterviewCli(["--codebase", "codebase", "--output", "out/jobs"], {
      input: "write it\n",
      env: env(api.url),
      cwd: tree.dir,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Wrote csv-export/jtbd.md\n");
    expect(await readFile(path.join(tree.dir, "out/jobs/csv-export/jtbd.md"), "utf8")).toBe(
      "# Job\n",
    );
  });

  // Node's recursive mkdir loops forever under /proc; the preflight must answer first.
  it.skipIf(!existsSync("/proc/self"))(
    "fails at once on --output /proc/nope, before any model call",
    async () => {
      api = await startFakeAnthropic({ apiKey: KEY });
      const run = await runInterviewCli(["--codebase", "codebase", "--output", "/proc/nope"], {
        input: "hello\n",
        env: env(api.url),
        cwd: tree.dir,
        timeLimitMs: 10_000,
      });
      expect(run.timedOut).toBe(false);
      expect(run.stderr).toBe(
        'idea-explorer interview: --output "/proc/nope": the folder cannot be created: "/proc" is not writable\n',
      );
      expect(run.stdout).toBe("");
      expect(run.code).toBe(2);
      expect(api.requests).toHaveLength(0);
    },
  );

  it.each([
    [
      "a missing folder under a read-only one",
      ["--output", "locked/jobs"],
      '--output "locked/jobs": the folder cannot be created: "locked" is not writable',
    ],
    [
      "a missing folder in a read-only working folder",
      ["--output", "jobs"],
      '--output "jobs": the folder cannot be created: the current folder is not writable',
    ],
    [
      "a missing folder under a file",
      ["--output", "codebase/README.md/jobs"],
      '--output "codebase/README.md/jobs": the folder cannot be created: "codebase/README.md" is not a folder',
    ],
  ])("fails at once on %s, naming --output and the reason", async (_what, args, message) => {
    await mkdir(path.join(tree.dir, "locked"));
    await chmod(path.join(tree.dir, "locked"), 0o555);
    const asUser = await asUnprivilegedUser();
    // The working folder itself is read-only for the second case.
    await chmod(tree.dir, 0o555);
    api = await startFakeAnthropic({ apiKey: KEY });
    const run = await runInterviewCli(["--codebase", "codebase", ...args], {
      input: "hello\n",
      env: env(api.url),
      cwd: tree.dir,
      ...asUser,
    });
    await chmod(tree.dir, 0o755);
    expect(run.stderr).toBe(`idea-explorer interview: ${message}\n`);
    expect(run.stdout).toBe("");
    expect(run.code).toBe(2);
    expect(api.requests).toHaveLength(0);
    expect((await readdir(tree.dir)).sort()).toEqual(["codebase", "locked"]);
  });
});
