import { stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../../test/helpers/temp-tree.ts";
import { ConfigError } from "../../config/config-error.ts";
import { openCodebase, prepareOutput } from "./interview-folders.ts";

let tree: TempTree;
let cwd: string;

beforeEach(async () => {
  tree = await makeTempTree({ files: { "app/main.py": "print(1)\n", "notes.txt": "x" } });
  cwd = tree.dir;
});
afterEach(() => tree.cleanup());

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
}

describe("openCodebase", () => {
  it("resolves a codebase folder relative to the working directory", async () => {
    const root = await openCodebase({ codebase: "app", output: "jobs", cwd });
    expect(root.realPath).toBe(path.join(tree.dir, "app"));
  });

  it.each([
    ["missing", '--codebase "missing": the codebase folder does not exist'],
    ["notes.txt", '--codebase "notes.txt": the codebase folder is not a directory'],
  ])("refuses %s naming the option and the folder as typed", async (codebase, message) => {
    expect(await failure(openCodebase({ codebase, output: "jobs", cwd }))).toBe(message);
  });
});

describe("prepareOutput", () => {
  it("creates a missing output folder with its parents", async () => {
    const codebase = await openCodebase({ codebase: "app", output: "", cwd });
    const root = await prepareOutput({ codebase: "app", output: "out/jobs", cwd }, codebase);
    expect(root.realPath).toBe(path.join(tree.dir, "out/jobs"));
    expect((await stat(root.realPath)).isDirectory()).toBe(true);
  });

  it("accepts an output folder inside the codebase (the usual ./jobs)", async () => {
    const codebase = await openCodebase({ codebase: ".", output: "", cwd });
    await expect(
      prepareOutput({ codebase: ".", output: "./jobs", cwd }, codebase),
    ).resolves.toBeTruthy();
  });

  it.each([
    [".", "app"],
    ["..", "."],
    ["to-parent", "app"],
  ])(
    "refuses output %s because it contains codebase %s (read-only)",
    async (output, codebasePath) => {
      await symlink(tree.dir, path.join(tree.dir, "to-parent"));
      const folders = { codebase: codebasePath, output, cwd };
      const codebase = await openCodebase(folders);
      expect(await failure(prepareOutput(folders, codebase))).toBe(
        `--output ${JSON.stringify(output)}: the output folder must not contain the codebase (it is read-only)`,
      );
    },
  );

  it("says when the output folder cannot be created, and creates nothing", async () => {
    await writeFile(path.join(tree.dir, "file"), "x");
    const folders = { codebase: "app", output: "file/jobs", cwd };
    const codebase = await openCodebase(folders);
    expect(await failure(prepareOutput(folders, codebase))).toBe(
      '--output "file/jobs": the folder cannot be created',
    );
  });

  it("refuses an output path that is a file", async () => {
    const folders = { codebase: "app", output: "notes.txt", cwd };
    const codebase = await openCodebase(folders);
    expect(await failure(prepareOutput(folders, codebase))).toBe(
      '--output "notes.txt": the folder cannot be created',
    );
  });
});
