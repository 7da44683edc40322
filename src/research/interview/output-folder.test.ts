import { existsSync } from "node:fs";
import { mkdir, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../../test/helpers/temp-tree.ts";
import { ConfigError } from "../../config/config-error.ts";
import { openCodebase } from "./interview-folders.ts";
import { checkOutputFolder } from "./output-folder.ts";

let tree: TempTree;
let cwd: string;

beforeEach(async () => {
  tree = await makeTempTree({ files: { "app/main.py": "print(1)\n", "notes.txt": "x" } });
  cwd = tree.dir;
});
afterEach(() => tree.cleanup());

async function check(output: string, codebase = "app") {
  const folders = { codebase, output, cwd };
  return checkOutputFolder(folders, await openCodebase(folders));
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
}

describe("checkOutputFolder", () => {
  it("creates nothing; create() makes the folder with its parents, once", async () => {
    const output = await check("out/jobs");
    expect((await readdir(tree.dir)).sort()).toEqual(["app", "notes.txt"]);
    const real = await output.create();
    expect(real).toBe(path.join(tree.dir, "out/jobs"));
    expect((await stat(real)).isDirectory()).toBe(true);
    expect(await output.create()).toBe(real);
  });

  it("leaves no trace of its write check in an existing folder", async () => {
    await mkdir(path.join(tree.dir, "jobs"));
    await check("jobs");
    expect(await readdir(path.join(tree.dir, "jobs"))).toEqual([]);
  });

  it("accepts an output folder inside the codebase (the usual ./jobs)", async () => {
    const output = await check("./jobs", ".");
    expect(await output.create()).toBe(path.join(tree.dir, "jobs"));
  });

  it.each([
    [".", "app"],
    ["..", "."],
    ["to-parent", "app"],
  ])("refuses output %s because it contains codebase %s", async (output, codebase) => {
    await symlink(tree.dir, path.join(tree.dir, "to-parent"));
    expect(await failure(check(output, codebase))).toBe(
      `--output ${JSON.stringify(output)}: the output folder must not contain the codebase (it is read-only)`,
    );
  });

  it.each([
    ["notes.txt", '--output "notes.txt": the output folder is not a directory'],
    [
      "notes.txt/jobs",
      '--output "notes.txt/jobs": the folder cannot be created: "notes.txt" is not a folder',
    ],
    [
      "dangling/jobs",
      '--output "dangling/jobs": the folder cannot be created: "dangling" is not a folder',
    ],
  ])("refuses %s, creating nothing", async (output, message) => {
    await symlink("nowhere", path.join(tree.dir, "dangling"));
    expect(await failure(check(output))).toBe(message);
    expect((await readdir(tree.dir)).sort()).toEqual(["app", "dangling", "notes.txt"]);
  });

  // As root too: the check creates a file rather than trusting access(2), which says yes there.
  it.skipIf(!existsSync("/proc/self"))("refuses a folder under /proc at once", async () => {
    expect(await failure(check("/proc/nope/jobs"))).toBe(
      '--output "/proc/nope/jobs": the folder cannot be created: "/proc" is not writable',
    );
  });

  it("fails create() while the path is blocked, and succeeds once it is clear", async () => {
    const output = await check("out/jobs");
    await writeFile(path.join(tree.dir, "out"), "in the way");
    await expect(output.create()).rejects.toThrow();
    await rm(path.join(tree.dir, "out"));
    expect(await output.create()).toBe(path.join(tree.dir, "out/jobs"));
  });
});
