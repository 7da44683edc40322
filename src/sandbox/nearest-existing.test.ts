import { symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/helpers/temp-tree.ts";
import { nearestExisting } from "./nearest-existing.ts";

let tree: TempTree;
beforeEach(async () => {
  tree = await makeTempTree({ files: { "a/b/file.txt": "x" } });
  await symlink("nowhere", path.join(tree.dir, "dangling"));
});
afterEach(() => tree.cleanup());

describe("nearestExisting", () => {
  it.each([
    ["a/b", { path: "a/b", kind: "directory", missing: [] }],
    ["./a/b/", { path: "a/b", kind: "directory", missing: [] }],
    ["a/new/deeper", { path: "a", kind: "directory", missing: ["new", "deeper"] }],
    ["new", { path: ".", kind: "directory", missing: ["new"] }],
    ["../tree/new", { path: "../tree", kind: "directory", missing: ["new"] }],
    ["a/b/file.txt", { path: "a/b/file.txt", kind: "other", missing: [] }],
    ["a/b/file.txt/x/y", { path: "a/b/file.txt", kind: "other", missing: ["x", "y"] }],
    ["dangling/x", { path: "dangling", kind: "other", missing: ["x"] }],
  ])("finds what exists of %j, in the spelling given", async (given, expected) => {
    expect(await nearestExisting(given, tree.dir)).toEqual(expected);
  });

  it("keeps an absolute path absolute", async () => {
    const given = path.join(tree.dir, "new/deeper");
    expect(await nearestExisting(given, "/")).toEqual({
      path: tree.dir,
      kind: "directory",
      missing: ["new", "deeper"],
    });
  });
});
