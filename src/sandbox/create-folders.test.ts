import { existsSync } from "node:fs";
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/helpers/temp-tree.ts";
import { createFoldersBelow } from "./create-folders.ts";

let tree: TempTree;
beforeEach(async () => {
  tree = await makeTempTree({});
});
afterEach(() => tree.cleanup());

describe("createFoldersBelow", () => {
  it("creates each missing level, accepting one that already exists", async () => {
    await mkdir(path.join(tree.dir, "a"));
    await createFoldersBelow(tree.dir, ["a", "b", "c"]);
    expect((await stat(path.join(tree.dir, "a/b/c"))).isDirectory()).toBe(true);
  });

  it("fails on a file in the way", async () => {
    await writeFile(path.join(tree.dir, "a"), "x");
    await expect(createFoldersBelow(tree.dir, ["a", "b"])).rejects.toMatchObject({
      code: "EEXIST",
    });
  });

  // Where recursive mkdir loops forever, one level at a time fails at once.
  it.skipIf(!existsSync("/proc/self"))("fails at once under /proc", async () => {
    await expect(createFoldersBelow("/proc", ["nope", "deeper"])).rejects.toMatchObject({
      code: expect.any(String),
    });
  });
});
