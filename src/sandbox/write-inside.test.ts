import { execFileSync } from "node:child_process";
import {
  chmod,
  link,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSandboxTree, type SandboxTree } from "../../test/fixtures/sandbox-tree.ts";
import { SandboxError, type SandboxErrorCode } from "./sandbox-error.ts";
import { openSandboxRoot, type SandboxRoot } from "./sandbox-root.ts";
import { writeFileInside } from "./write-inside.ts";

let tree: SandboxTree;
let outsideBefore: string;
beforeAll(async () => {
  tree = await createSandboxTree();
  outsideBefore = await tree.snapshotOutside();
});
afterEach(async () => {
  // Whatever a test did, nothing outside the root was created, changed or removed.
  expect(await tree.snapshotOutside()).toBe(outsideBefore);
});
afterAll(() => tree.cleanup());

async function failure(root: SandboxRoot, rel: string, content = "x"): Promise<SandboxError> {
  try {
    await writeFileInside(root, rel, content, { maxBytes: 100 });
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    return error;
  }
  throw new Error(`wrote ${rel}`);
}

/** Temp files are dot-names ending in .tmp; none may be left behind in the folders written. */
async function leftoverTemps(...dirs: string[]): Promise<string[]> {
  const names = await Promise.all(dirs.map((dir) => readdir(dir)));
  return names.flat().filter((name) => name.endsWith(".tmp"));
}

/** chattr +i: even root cannot replace the file, so a failure after the temp file is forced. */
function setImmutable(file: string, on: boolean): boolean {
  try {
    execFileSync("chattr", [on ? "+i" : "-i", file], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe.each([
  { mode: "procfs", procfs: true },
  { mode: "fallback", procfs: false },
])("writeFileInside ($mode)", ({ mode, procfs }) => {
  let root: SandboxRoot;
  let out: string;
  beforeEach(async () => {
    root = openSandboxRoot(tree.root, { procfs });
    out = `out-${mode}`;
    await mkdir(path.join(tree.root, out), { recursive: true });
  });
  const write = (rel: string, content: string | Uint8Array = "text") =>
    writeFileInside(root, rel, content, { maxBytes: 100 });
  const onDisk = (rel: string) => readFile(path.join(tree.root, rel), "utf8");

  it("writes, creates parents one by one, overwrites, and returns the relative path", async () => {
    expect(await write(`${out}/a/b/c.md`, "one")).toBe(`${out}/a/b/c.md`);
    expect(await onDisk(`${out}/a/b/c.md`)).toBe("one");
    expect(await write(`${out}/a/b/c.md`, "two")).toBe(`${out}/a/b/c.md`);
    expect(await onDisk(`${out}/a/b/c.md`)).toBe("two");
    expect(await write(`${out}/bytes.bin`, new Uint8Array([1, 2, 3]))).toBe(`${out}/bytes.bin`);
    const dirs = [out, `${out}/a`, `${out}/a/b`].map((d) => path.join(tree.root, d));
    expect(await leftoverTemps(tree.root, ...dirs)).toEqual([]);
  });

  it("writes through a linked folder that stays inside the root", async () => {
    expect(await write(`link-inside-dir/${mode}-new.md`, "via link")).toBe(
      `link-inside-dir/${mode}-new.md`,
    );
    expect(await onDisk(`docs/${mode}-new.md`)).toBe("via link");
  });

  it("keeps an existing file's permissions when replacing it", async () => {
    await write(`${out}/script.sh`, "#!/bin/sh\n");
    await chmod(path.join(tree.root, out, "script.sh"), 0o755);
    await write(`${out}/script.sh`, "#!/bin/sh\necho hi\n");
    expect((await stat(path.join(tree.root, out, "script.sh"))).mode & 0o777).toBe(0o755);
  });

  it("replaces a hard link to an outside file instead of writing through it", async () => {
    const name = `hardlink-outside-${mode}`;
    await link(path.join(tree.outside, "hard-target.txt"), path.join(tree.root, name));
    expect(await write(name, "replaced")).toBe(name);
    expect(await onDisk(name)).toBe("replaced");
    expect((await lstat(path.join(tree.root, name))).nlink).toBe(1);
  });

  it.each([
    "link-outside-file",
    "link-outside-abs",
    "dangling-outside",
    "chain-1",
    "link-prefix-sibling",
    "link-etc-passwd",
  ])("replaces the link %j itself, never its outside target", async (name) => {
    const linkName = `${name}-${mode}`;
    const target = await readlink(path.join(tree.root, name));
    await symlink(target, path.join(tree.root, linkName));
    expect(await write(linkName, "mine")).toBe(linkName);
    const after = await lstat(path.join(tree.root, linkName));
    expect(after.isFile()).toBe(true);
    expect(await onDisk(linkName)).toBe("mine");
  });

  it.each<[string, SandboxErrorCode]>([
    ["link-outside-dir/new.md", "outside_root"],
    ["link-outside-dir/secret.txt", "outside_root"],
    ["dangling-outside-dir/new.md", "outside_root"],
    ["docs/out-link/new.md", "outside_root"],
    ["link-prefix-dir/new.md", "outside_root"],
    ["link-prefix-dir/loot.txt", "outside_root"],
    ["proc-root/tmp/escaped.md", "outside_root"],
    ["proc-cwd/escaped.md", "outside_root"],
    ["loop-a/x.md", "outside_root"],
    ["link-to-git/hooks/pre-commit", "denied"],
    ["../outside/new.md", "invalid_path"],
    ["/tmp/escaped.md", "invalid_path"],
    ["~/escaped.md", "invalid_path"],
    ["a\\..\\..\\escaped.md", "invalid_path"],
    ["./a.md", "invalid_path"],
    ["a//b.md", "invalid_path"],
  ])("refuses %j with %s", async (rel, code) => {
    const error = await failure(root, rel);
    expect(error.code).toBe(code);
    expect(error.message).not.toContain(tree.base);
  });

  it.each([
    ".env",
    ".ENV",
    ".git/config",
    ".Git/hooks/pre-commit",
    ".github/workflows/ci.yml",
    ".vscode/settings.json",
    ".claude/settings.json",
    ".cursor/mcp.json",
    "docs/.hidden.md",
    "id_rsa",
    "cert.PEM",
  ])("refuses to write the dot-entry or secret %j", async (rel) => {
    const error = await failure(root, rel);
    expect(error.code).toBe("denied");
    expect(error.message).toBe(
      `Cannot write ${JSON.stringify(rel)}: hidden (dot) files and folders and secret-like names are not writable`,
    );
  });

  it("refuses a directory target, a file used as a folder, and oversized content", async () => {
    expect((await failure(root, "docs")).message).toBe('"docs" is a directory, not a file');
    expect((await failure(root, "hello.txt/x.md")).message).toBe(
      'Cannot write "hello.txt/x.md": "hello.txt" exists and is not a directory',
    );
    const big = await failure(root, `${out}/big.md`, "é".repeat(51));
    expect(big.code).toBe("too_large");
    expect(big.message).toBe(
      `Content for "${out}/big.md" is too large: 102 bytes (the limit is 100 bytes)`,
    );
    await expect(stat(path.join(tree.root, out, "big.md"))).rejects.toThrow();
  });

  it("refuses a FIFO used as a folder", async () => {
    expect((await failure(root, "fifo/x.md")).code).toBe("not_directory");
  });

  it("removes its temp file when replacing the target fails (immutable file)", async (ctx) => {
    const target = path.join(tree.root, out, "frozen.md");
    await writeFile(target, "old");
    if (!setImmutable(target, true)) ctx.skip();
    try {
      const error = await failure(root, `${out}/frozen.md`, "new");
      expect(error.code).toBe("write_failed");
    } finally {
      setImmutable(target, false);
    }
    expect(await onDisk(`${out}/frozen.md`)).toBe("old");
    expect(await leftoverTemps(path.join(tree.root, out))).toEqual([]);
  });

  it.skipIf(process.getuid?.() === 0)(
    "reports a read-only folder and leaves no temp file",
    async () => {
      const locked = path.join(tree.root, out, "locked");
      await mkdir(locked, { recursive: true });
      await chmod(locked, 0o500);
      try {
        const error = await failure(root, `${out}/locked/x.md`);
        expect(error.code).toBe("write_failed");
        expect(error.message).toBe(
          `Could not write "${out}/locked/x.md" (permission denied, disk full or I/O error)`,
        );
      } finally {
        await chmod(locked, 0o700);
      }
      expect(await leftoverTemps(path.join(tree.root, out, "locked"))).toEqual([]);
    },
  );
});
