import { chmod, link, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSandboxTree,
  HARD_LINK_TO_ENV,
  OUTSIDE_SECRET,
  type SandboxTree,
  SECRET_PATHS,
} from "../../test/fixtures/sandbox-tree.ts";
import { readRegularFileInside } from "./read-inside.ts";
import { SandboxError, type SandboxErrorCode } from "./sandbox-error.ts";
import { openSandboxRoot, type SandboxRoot } from "./sandbox-root.ts";

let tree: SandboxTree;
beforeAll(async () => {
  tree = await createSandboxTree();
});
afterAll(() => tree.cleanup());

async function failure(root: SandboxRoot, rel: string, maxBytes = 1000): Promise<SandboxError> {
  try {
    const bytes = await readRegularFileInside(root, rel, { maxBytes });
    throw new Error(`read ${rel}: ${bytes.toString()}`);
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    return error;
  }
}

// Both the Linux /proc path and the portable realpath+inode fallback must hold the line.
describe.each([
  { mode: "procfs", procfs: true },
  { mode: "fallback", procfs: false },
])("readRegularFileInside ($mode)", ({ procfs }) => {
  let root: SandboxRoot;
  beforeAll(() => {
    root = openSandboxRoot(tree.root, { procfs });
  });
  const read = (rel: string, maxBytes = 1000) =>
    readRegularFileInside(root, rel, { maxBytes }).then((b) => b.toString("utf8"));

  it("reads files, empty files, nested files and links that stay inside", async () => {
    expect(await read("hello.txt")).toBe("hello world\n");
    expect(await read("empty.txt")).toBe("");
    expect(await read("docs/nested/deep.md")).toBe("deep\n");
    expect(await read("link-inside-file")).toBe("hello world\n");
    expect(await read("link-inside-dir/guide.md")).toContain("# Guide");
    expect(await read("link-inside-abs/guide.md")).toContain("# Guide");
    expect(await read("chain-inside-1")).toContain("# Guide");
    expect(await read("docs/up-link/hello.txt")).toBe("hello world\n");
  });

  it.each<[string, SandboxErrorCode]>([
    ["link-outside-file", "outside_root"],
    ["link-outside-abs", "outside_root"],
    ["link-outside-dir/secret.txt", "outside_root"],
    ["link-outside-dir/dir/inner.txt", "outside_root"],
    ["docs/out-link/inner.txt", "outside_root"],
    ["chain-1", "outside_root"],
    ["chain-3", "outside_root"],
    ["loop-a", "outside_root"],
    ["link-prefix-sibling", "outside_root"],
    ["link-prefix-dir/loot.txt", "outside_root"],
    ["proc-root/etc/passwd", "outside_root"],
    ["proc-root/etc/hostname", "outside_root"],
    ["proc-cwd/package.json", "outside_root"],
    ["link-etc-passwd", "outside_root"],
    ["dangling-outside", "not_found"],
    ["dangling-inside", "not_found"],
    ["link-to-env", "denied"],
    ["link-to-git/config", "denied"],
    ["../outside/secret.txt", "invalid_path"],
    ["docs/../../outside/secret.txt", "invalid_path"],
    ["docs/up-link/../outside/secret.txt", "invalid_path"],
    ["/etc/passwd", "invalid_path"],
    ["~/.ssh/id_rsa", "invalid_path"],
    ["..\\outside\\secret.txt", "invalid_path"],
    ["../root_evil/loot.txt", "invalid_path"],
    ["hello.txt\0.md", "invalid_path"],
  ])("refuses %j with %s and never returns outside bytes", async (rel, code) => {
    const error = await failure(root, rel);
    expect(error.code).toBe(code);
    expect(error.message).not.toContain(OUTSIDE_SECRET);
    expect(error.message).not.toContain(tree.base);
  });

  it.each(SECRET_PATHS)("refuses the secret %j, whatever its case", async (rel) => {
    const error = await failure(root, rel);
    expect(error.code).toBe("denied");
    expect(error.message).toBe(
      `Access denied: ${JSON.stringify(rel)} is a protected path (secrets, keys and version-control data are off limits)`,
    );
  });

  it("refuses a directory, a missing file and a path through a file with clear messages", async () => {
    expect((await failure(root, "docs")).message).toBe('"docs" is a directory, not a file');
    expect((await failure(root, "link-inside-dir")).code).toBe("is_directory");
    expect((await failure(root, "nope.md")).message).toBe('Not found: "nope.md" does not exist');
    const throughFile = await failure(root, "hello.txt/x");
    expect(throughFile.code).toBe("not_directory");
    expect(throughFile.message).toBe(
      '"hello.txt/x" cannot be reached: one of its folders is a file',
    );
  });

  it.each([
    ["a hard link to a file outside the root", "hardlink-outside"],
    ["a hard link to .env under an innocent name", HARD_LINK_TO_ENV],
  ])("refuses %s, saying why", async (_, rel) => {
    const error = await failure(root, rel);
    expect(error.code).toBe("hard_linked");
    expect(error.message).toBe(
      `Access denied: ${JSON.stringify(rel)} has more than one hard link and is refused, so that nothing outside the allowed folder can be read through it`,
    );
    expect(error.message).not.toContain("SECRET=1");
  });

  it("reads a file again once its other hard link is gone", async () => {
    const file = path.join(tree.root, "once-linked.txt");
    const other = path.join(tree.base, "outside", "once-linked-elsewhere.txt");
    await writeFile(file, "mine\n");
    await link(file, other);
    expect((await failure(root, "once-linked.txt")).code).toBe("hard_linked");
    await unlink(other);
    expect(await read("once-linked.txt")).toBe("mine\n");
  });

  it("refuses a FIFO without blocking on it", async () => {
    const error = await failure(root, "fifo");
    expect(error.code).toBe("not_regular_file");
    expect(error.message).toContain("not a regular file");
  });

  it("refuses a device reached through a link out of the root", async () => {
    expect((await failure(root, "proc-root/dev/zero")).code).toBe("outside_root");
  });

  it("enforces the size cap, allowing exactly the cap", async () => {
    expect(await read("hello.txt", 12)).toBe("hello world\n");
    const error = await failure(root, "hello.txt", 11);
    expect(error.code).toBe("too_large");
    expect(error.message).toBe('"hello.txt" is too large: 12 bytes (the limit is 11 bytes)');
  });

  it.skipIf(process.getuid?.() === 0)("reports an unreadable file without OS details", async () => {
    const file = path.join(tree.root, "locked.txt");
    await writeFile(file, "x");
    await chmod(file, 0o000);
    try {
      const error = await failure(root, "locked.txt");
      expect(error.code).toBe("unreadable");
      expect(error.message).toBe('"locked.txt" cannot be read (permission denied or I/O error)');
    } finally {
      await chmod(file, 0o644);
    }
  });
});
