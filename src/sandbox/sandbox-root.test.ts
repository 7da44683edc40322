import { mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSandboxRoot, SandboxRootError } from "./sandbox-root.ts";

let base: string;
beforeAll(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), "sandbox-root-")));
  await writeFile(path.join(base, "file.txt"), "x");
  await symlink(base, path.join(base, "link-to-base"));
});
afterAll(() => rm(base, { recursive: true, force: true }));

describe("openSandboxRoot", () => {
  it("resolves the root's own links once, at start-up", () => {
    expect(openSandboxRoot(path.join(base, "link-to-base")).realPath).toBe(base);
  });

  it.each([
    ["missing", () => path.join(base, "nope"), "The codebase folder does not exist"],
    ["not_directory", () => path.join(base, "file.txt"), "The codebase folder is not a directory"],
    ["missing", () => "", "The codebase folder must be a non-empty folder path"],
  ])("fails fast (%s) with a message naming the label, not the path", (reason, dir, message) => {
    let caught: unknown;
    try {
      openSandboxRoot(dir(), { label: "codebase folder" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SandboxRootError);
    expect((caught as SandboxRootError).reason).toBe(reason);
    expect((caught as Error).message).toBe(message);
    expect((caught as Error).message).not.toContain(base);
  });
});
