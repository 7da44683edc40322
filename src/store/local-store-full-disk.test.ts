import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ISOLATED_GIT_ENV, isolatedGit } from "../../test/helpers/isolated-git.ts";
import { mountSmallTmpfs, type SmallTmpfs } from "../../test/helpers/small-tmpfs.ts";
import { LocalStore } from "./local-store.ts";
import { StoreError } from "./research-reader.ts";

/**
 * A local commit on a disk that is really full (a small tmpfs): it fails in one line and leaves
 * nothing behind, neither a commit nor files in the working tree; with space again, the same
 * commit lands once.
 */
let disk: SmallTmpfs;
beforeAll(() => {
  disk = mountSmallTmpfs(1024);
});
afterAll(() => disk.unmount());

const research = [
  {
    path: "ideas/2026-11-25-solar/research.md",
    content: `# Solar\n\n${"Findings. ".repeat(20_000)}`,
  },
  { path: "ideas/2026-11-25-solar/exploration-log.json", content: "[]\n" },
];

describe("LocalStore on a full disk", () => {
  it("fails in one line, commits nothing, writes nothing; commits once there is space", async (context) => {
    if (!disk.dir) return context.skip(disk.skipReason);
    const repo = path.join(disk.dir, "ideas-repo");
    mkdirSync(repo);
    isolatedGit(repo, "init", "-q", "-b", "main");
    isolatedGit(repo, "commit", "-q", "--allow-empty", "-m", "seed");
    const store = new LocalStore({ root: repo, git: { env: ISOLATED_GIT_ENV } });

    disk.fill();
    const error = await store.commit(research, "Explore: solar").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as Error).message).toMatch(
      /^Could not (store the research|commit) in the ideas folder: the disk is full.*; nothing was committed$/,
    );
    expect((error as Error).message).not.toContain(disk.dir);
    expect(isolatedGit(repo, "rev-list", "--count", "HEAD")).toBe("1");
    expect(existsSync(path.join(repo, "ideas"))).toBe(false);

    disk.free();
    const result = await store.commit(research, "Explore: solar");
    expect(result.commitSha).toBe(isolatedGit(repo, "rev-parse", "HEAD"));
    expect(isolatedGit(repo, "rev-list", "--count", "HEAD")).toBe("2");
    expect(isolatedGit(repo, "status", "--porcelain")).toBe("");
    isolatedGit(repo, "fsck", "--no-dangling");
  });
});
