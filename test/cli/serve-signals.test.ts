import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/run-cli.ts";
import { SYSTEM_NODE } from "../helpers/system-node.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

/**
 * `setsid idea-explorer serve & kill -TERM -- -$!` is what timeout(1) and systemd do: every
 * process of the group gets SIGTERM, the older-Node launcher passes its copy on, and serve
 * sees the signal twice. It must still stop cleanly, once.
 */
let tree: TempTree;
beforeEach(async () => {
  tree = await makeTempTree({});
});
afterEach(async () => {
  await tree.cleanup();
});

describe("serve stopped by a process-group SIGTERM", () => {
  it.each([
    ["the pinned Node", process.execPath],
    ["an older system Node, through the launcher", SYSTEM_NODE],
  ])("through %s: exit 0 after one clean stop", async (_, node) => {
    if (!node) return;
    const child = spawn(
      node,
      [path.join(REPO_ROOT, "bin/idea-explorer.js"), "serve", "--port", "0", "--repo", "."],
      {
        cwd: tree.dir,
        env: { PATH: process.env.PATH ?? "", HOME: tree.dir },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const done = new Promise<number | null>((resolve) => child.on("close", resolve));
    const end = Date.now() + 20_000;
    while (!stdout.includes("http://")) {
      if (Date.now() > end) throw new Error(`serve did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    process.kill(-(child.pid as number), "SIGTERM");
    expect(await done).toBe(0);
    expect(stderr.trim().split("\n").at(-1)).toBe(
      "stopping: running jobs will resume on the next start",
    );
    expect(existsSync(path.join(tree.dir, ".idea-explorer", "serve.pid"))).toBe(false);
  });
});

describe("mcp stopped by a process-group SIGTERM", () => {
  it.each([
    ["the pinned Node", process.execPath],
    ["an older system Node, through the launcher", SYSTEM_NODE],
  ])("through %s: exit 0 after one clean stop", async (_, node) => {
    if (!node) return;
    const child = spawn(
      node,
      [path.join(REPO_ROOT, "bin/idea-explorer.js"), "mcp", "--repo", "."],
      {
        cwd: tree.dir,
        env: { PATH: process.env.PATH ?? "", HOME: tree.dir },
        stdio: ["pipe", "pipe", "pipe"],
        detached: true,
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const done = new Promise<number | null>((resolve) => child.on("close", resolve));
    const end = Date.now() + 20_000;
    while (!stderr.includes("MCP server on stdio")) {
      if (Date.now() > end) throw new Error(`mcp did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    process.kill(-(child.pid as number), "SIGTERM");
    expect(await done).toBe(0);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
