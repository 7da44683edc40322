import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commands } from "../../src/cli/commands.ts";
import { REPO_ROOT } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

/**
 * What a command loads before it answers. A script calls `idea-explorer --version` in a loop and
 * an MCP client starts `mcp` on every connection: each command loads its own dependencies when it
 * runs, and --version, --help and each command's --help load none of the heavy ones.
 */

const BIN = path.join(REPO_ROOT, "bin/idea-explorer.js");
const RECORDER = path.join(REPO_ROOT, "test/helpers/record-loaded-modules.ts");

/** The dependencies only real work needs, each with what it is. */
const HEAVY: Record<string, RegExp> = {
  "the AI SDK": /\/node_modules\/(ai|@ai-sdk\/[^/]+)\//,
  Octokit: /\/node_modules\/@octokit\//,
  Hono: /\/node_modules\/(hono|@hono\/[^/]+)\//,
  "the MCP SDK": /\/node_modules\/@modelcontextprotocol\//,
  zod: /\/node_modules\/zod\//,
  yaml: /\/node_modules\/yaml\//,
  marked: /\/node_modules\/marked\//,
  OpenTelemetry: /\/node_modules\/@opentelemetry\//,
  "the price list (@pydantic/genai-prices)": /\/node_modules\/@pydantic\/genai-prices\//,
  "the page readers (linkedom, Readability, unpdf)":
    /\/node_modules\/(linkedom|@mozilla\/readability|unpdf)\//,
};

let tree: TempTree;
beforeAll(async () => {
  tree = await makeTempTree({});
});
afterAll(async () => {
  await tree.cleanup();
});

/** Runs the CLI with the recorder preloaded; the heavy dependencies it loaded, by name. */
async function heavyLoadedBy(args: string[]): Promise<{ code: number | null; heavy: string[] }> {
  const file = path.join(tree.outside, `loaded-${args.join("-").replace(/\W+/g, "_")}.txt`);
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", RECORDER, BIN, ...args], {
      cwd: tree.dir,
      env: { PATH: process.env.PATH ?? "", HOME: tree.dir, LOADED_MODULES_FILE: file },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (exit) => (exit === 0 ? resolve(exit) : reject(new Error(stderr))));
  });
  const urls = (await readFile(file, "utf8")).split("\n").filter(Boolean);
  // The recorder saw the CLI itself: an empty list would prove nothing.
  expect(urls.some((url) => url.endsWith("/src/cli/run-cli.ts"))).toBe(true);
  const heavy = Object.entries(HEAVY)
    .filter(([, pattern]) => urls.some((url) => pattern.test(url)))
    .map(([name]) => name);
  return { code, heavy };
}

describe("start-up: what each command line loads", () => {
  // Every command's --help, a command added later included.
  it.each(["--version", "--help", ...Object.keys(commands).map((name) => `${name} --help`)])(
    "%s loads none of the heavy dependencies",
    async (line) => {
      expect(await heavyLoadedBy(line.split(" "))).toEqual({ code: 0, heavy: [] });
    },
  );

  it("explore --dry-run loads the AI SDK and zod it needs, and no Octokit, Hono, MCP SDK or page reader", async () => {
    const { heavy } = await heavyLoadedBy(["explore", "--dry-run", "A solar dehydrator kit"]);
    expect(heavy).toEqual(expect.arrayContaining(["the AI SDK", "zod"]));
    expect(heavy).not.toContain("Octokit");
    expect(heavy).not.toContain("Hono");
    expect(heavy).not.toContain("the MCP SDK");
    // Loaded by the first page web_fetch reads, not by starting.
    expect(heavy).not.toContain("the page readers (linkedom, Readability, unpdf)");
  });
});
