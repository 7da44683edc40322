import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../../test/helpers/temp-tree.ts";
import { ConfigError } from "../../config/config-error.ts";
import { openCodebase } from "./interview-folders.ts";

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
