import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxTree, type SandboxTree } from "../../test/fixtures/sandbox-tree.ts";
import { listDirectoryInside } from "./list-inside.ts";
import { SandboxError } from "./sandbox-error.ts";
import { openSandboxRoot, type SandboxRoot } from "./sandbox-root.ts";
import { statInside } from "./stat-inside.ts";

let tree: SandboxTree;
let root: SandboxRoot;
beforeAll(async () => {
  tree = await createSandboxTree();
  root = openSandboxRoot(tree.root);
});
afterAll(() => tree.cleanup());

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof SandboxError) return error.code;
    throw error;
  }
  return "accepted";
}

describe("statInside", () => {
  it("reports files with their size, folders, and the root", async () => {
    expect(await statInside(root, "hello.txt")).toEqual({
      kind: "file",
      size: 12,
      path: "hello.txt",
    });
    expect(await statInside(root, "docs/nested")).toMatchObject({ kind: "directory" });
    expect(await statInside(root, "")).toEqual({ kind: "directory", size: 0, path: "" });
  });

  it("reports a link as a link without following it, inside or out", async () => {
    for (const name of ["link-inside-file", "link-outside-file", "dangling-outside", "proc-root"]) {
      expect(await statInside(root, name)).toMatchObject({ kind: "symlink", path: name });
    }
  });

  it("reports a FIFO as other and missing paths as missing", async () => {
    expect(await statInside(root, "fifo")).toMatchObject({ kind: "other" });
    expect(await statInside(root, "nope.md")).toEqual({ kind: "missing" });
    expect(await statInside(root, "nope/deeper.md")).toEqual({ kind: "missing" });
    expect(await statInside(root, "hello.txt/x")).toEqual({ kind: "missing" });
    expect(await statInside(root, "hello.txt/x/y")).toEqual({ kind: "missing" });
  });

  it("follows linked folders only while they stay inside", async () => {
    expect(await statInside(root, "link-inside-dir/guide.md")).toMatchObject({ kind: "file" });
    expect(await codeOf(statInside(root, "link-outside-dir/secret.txt"))).toBe("outside_root");
    expect(await codeOf(statInside(root, "proc-cwd/package.json"))).toBe("outside_root");
    expect(await codeOf(statInside(root, "link-prefix-dir/loot.txt"))).toBe("outside_root");
  });

  it("refuses secrets and malformed paths", async () => {
    expect(await codeOf(statInside(root, ".ENV"))).toBe("denied");
    expect(await codeOf(statInside(root, "link-to-git/config"))).toBe("denied");
    expect(await codeOf(statInside(root, "../outside"))).toBe("invalid_path");
  });
});

describe("listDirectoryInside", () => {
  const any = expect.any(Number);
  it("lists a folder sorted, with kinds and sizes, links unfollowed", async () => {
    const { entries, truncated } = await listDirectoryInside(root, "docs");
    expect(truncated).toBe(false);
    expect(entries).toEqual([
      { name: "guide.md", path: "docs/guide.md", kind: "file", size: any, hardLinked: false },
      { name: "nested", path: "docs/nested", kind: "directory", size: any, hardLinked: false },
      { name: "out-link", path: "docs/out-link", kind: "symlink", size: any, hardLinked: false },
      { name: "up-link", path: "docs/up-link", kind: "symlink", size: any, hardLinked: false },
    ]);
  });

  it("marks the files with more than one hard link, which reads refuse", async () => {
    const { entries } = await listDirectoryInside(root, "");
    const marked = entries.filter((e) => e.hardLinked).map((e) => e.name);
    expect(marked).toEqual(["hardlink-outside", "notes.txt"]);
  });

  it("lists the root and leaves secrets out of it", async () => {
    const names = (await listDirectoryInside(root, "")).entries.map((e) => e.name);
    expect(names).toContain("hello.txt");
    expect(names).toContain("fifo");
    for (const secret of [".env", ".ENV", ".git", ".Git", "id_rsa", "x.pem", ".npmrc", ".ssh"]) {
      expect(names).not.toContain(secret);
    }
  });

  it("lists through a linked folder inside, never one that leads out", async () => {
    const viaLink = await listDirectoryInside(root, "link-inside-dir");
    expect(viaLink.entries.map((e) => e.path)).toContain("link-inside-dir/guide.md");
    expect(await codeOf(listDirectoryInside(root, "link-outside-dir"))).toBe("outside_root");
    expect(await codeOf(listDirectoryInside(root, "proc-root"))).toBe("outside_root");
    expect(await codeOf(listDirectoryInside(root, "link-prefix-dir"))).toBe("outside_root");
    expect(await codeOf(listDirectoryInside(root, "link-to-git"))).toBe("denied");
  });

  it("refuses files, missing folders and malformed paths", async () => {
    expect(await codeOf(listDirectoryInside(root, "hello.txt"))).toBe("not_directory");
    expect(await codeOf(listDirectoryInside(root, "nope"))).toBe("not_found");
    expect(await codeOf(listDirectoryInside(root, "docs/"))).toBe("invalid_path");
  });

  it("caps the number of entries and says so", async () => {
    const { entries, truncated } = await listDirectoryInside(root, "docs", { maxEntries: 2 });
    expect(entries.map((e) => e.name)).toEqual(["guide.md", "nested"]);
    expect(truncated).toBe(true);
  });
});
