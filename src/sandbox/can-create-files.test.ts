import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/helpers/temp-tree.ts";
import { canCreateFilesIn } from "./can-create-files.ts";

let tree: TempTree;
beforeEach(async () => {
  tree = await makeTempTree({ files: { "file.txt": "x" } });
});
afterEach(() => tree.cleanup());

describe("canCreateFilesIn", () => {
  it("says yes for a writable folder and leaves nothing behind", async () => {
    expect(await canCreateFilesIn(tree.dir)).toBe(true);
    expect(await readdir(tree.dir)).toEqual(["file.txt"]);
  });

  it("says no for a file and for a missing folder", async () => {
    expect(await canCreateFilesIn(path.join(tree.dir, "file.txt"))).toBe(false);
    expect(await canCreateFilesIn(path.join(tree.dir, "missing"))).toBe(false);
  });

  // access(W_OK) says yes to root here; only trying tells the truth.
  it.skipIf(!existsSync("/proc/self"))("says no for /proc, even to root", async () => {
    expect(await canCreateFilesIn("/proc")).toBe(false);
  });
});
