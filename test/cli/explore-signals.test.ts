import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeAnthropicServer, reply, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { REPO_ROOT } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, git, gitTree } from "../helpers/solar-ideas-repo.ts";
import { SYSTEM_NODE } from "../helpers/system-node.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/** Ctrl+C and SIGTERM end explore with one line and the shell's exit codes, nothing committed. */

let fake: FakeAnthropicServer;
let repo: TempTree;
beforeEach(async () => {
  fake = await startFakeAnthropic();
  fake.setHandler(async () => reply.hang());
  repo = await gitTree({ files: { "README.md": "seed\n" } });
});
afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

function start(node: string) {
  const child = spawn(node, [path.join(REPO_ROOT, "bin/idea-explorer.js"), "explore", "Signals"], {
    cwd: repo.dir,
    env: { PATH: process.env.PATH ?? "", HOME: repo.dir, ...fake.env, ...GIT_IDENTITY },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, as `setsid` gives it: a group kill reaches every process in it.
    detached: true,
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stderr })),
  );
  return { child, done };
}

async function untilModelCalled() {
  const end = Date.now() + 20_000;
  while (fake.requests.length === 0) {
    if (Date.now() > end) throw new Error("the model was never called");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("explore stopped by a signal", () => {
  it.each([
    ["SIGINT", 130, "interrupted (Ctrl+C)"],
    ["SIGTERM", 143, "stopped by SIGTERM"],
  ] as const)(
    "%s: exit %i, one line, the model request closed, nothing committed",
    async (signal, code, said) => {
      const run = start(process.execPath);
      await untilModelCalled();
      run.child.kill(signal);
      const result = await run.done;
      expect(result.code).toBe(code);
      expect(result.stderr.trim().split("\n").at(-1)).toBe(
        `idea-explorer explore: ${said}; nothing was committed`,
      );
      expect(fake.requests[0]?.closedByClient).toBe(true);
      expect(git(repo.dir, "rev-list", "--count", "HEAD").trim()).toBe("1");
    },
  );

  it.skipIf(!SYSTEM_NODE)(
    "SIGTERM to the whole process group (what timeout and systemd send) through the older-Node launcher: 143, one line",
    async () => {
      const run = start(SYSTEM_NODE);
      await untilModelCalled();
      process.kill(-(run.child.pid as number), "SIGTERM");
      const result = await run.done;
      expect(result.code).toBe(143);
      expect(result.stderr.trim().split("\n").at(-1)).toBe(
        "idea-explorer explore: stopped by SIGTERM; nothing was committed",
      );
    },
  );
});
