import { mkdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ISOLATED_GIT_ENV, isolatedGit } from "../../test/helpers/isolated-git.ts";
import { makeTempTree, type TempTree } from "../../test/helpers/temp-tree.ts";
import { LocalStore } from "./local-store.ts";
import { StoreError } from "./research-reader.ts";

const trees: TempTree[] = [];
afterEach(async () => {
  await Promise.all(trees.splice(0).map((t) => t.cleanup()));
});

async function folder(spec: Parameters<typeof makeTempTree>[0] = {}) {
  const tree = await makeTempTree(spec);
  trees.push(tree);
  return tree;
}

const git = isolatedGit;

async function gitFolder(spec: Parameters<typeof makeTempTree>[0] = {}) {
  const tree = await folder(spec);
  git(tree.dir, "init", "-q", "-b", "main");
  return tree;
}

const files = [
  { path: "ideas/2026-01-02-solar/research.md", content: "# Solar\n" },
  { path: "ideas/2026-01-02-solar/exploration-log.json", content: "[]\n" },
];

describe("LocalStore.commit in a git repository", () => {
  it("writes both files and makes exactly one commit holding them", async () => {
    const tree = await gitFolder({ files: { "README.md": "x" } });
    git(tree.dir, "add", "README.md");
    git(tree.dir, "commit", "-q", "-m", "init");
    const store = new LocalStore({ root: tree.dir, git: { env: ISOLATED_GIT_ENV } });

    const result = await store.commit(files, "Explore: solar dryers");

    expect(result.locations).toEqual(files.map((f) => f.path));
    expect(result.commitSha).toBe(git(tree.dir, "rev-parse", "HEAD"));
    expect(git(tree.dir, "rev-list", "--count", "HEAD")).toBe("2");
    expect(git(tree.dir, "log", "-1", "--format=%s")).toBe("Explore: solar dryers");
    expect(git(tree.dir, "show", "--name-only", "--format=", "HEAD").split("\n").sort()).toEqual(
      files.map((f) => f.path).sort(),
    );
    expect(await readFile(path.join(tree.dir, files[0]!.path), "utf8")).toBe("# Solar\n");
  });

  it("makes the first commit of an empty repository", async () => {
    const tree = await gitFolder();
    const store = new LocalStore({ root: tree.dir, git: { env: ISOLATED_GIT_ENV } });
    const result = await store.commit(files, "first");
    expect(git(tree.dir, "rev-list", "--count", "HEAD")).toBe("1");
    expect(result.commitSha).toBe(git(tree.dir, "rev-parse", "HEAD"));
  });

  it("is idempotent: the same files again make no new commit", async () => {
    const tree = await gitFolder();
    const store = new LocalStore({ root: tree.dir, git: { env: ISOLATED_GIT_ENV } });
    const first = await store.commit(files, "one");
    const before = (await stat(path.join(tree.dir, files[0]!.path))).mtimeMs;
    const second = await store.commit(files, "two");
    expect(second.commitSha).toBe(first.commitSha);
    expect(git(tree.dir, "rev-list", "--count", "HEAD")).toBe("1");
    expect((await stat(path.join(tree.dir, files[0]!.path))).mtimeMs).toBe(before);
  });

  it("commits files already written by an earlier attempt whose commit never happened", async () => {
    const tree = await gitFolder({ files: { [files[0]!.path]: files[0]!.content } });
    const store = new LocalStore({ root: tree.dir, git: { env: ISOLATED_GIT_ENV } });
    await store.commit(files, "recovered");
    expect(git(tree.dir, "show", "--name-only", "--format=", "HEAD")).toContain(files[0]!.path);
  });

  it("leaves the user's other staged changes staged and out of the commit", async () => {
    const tree = await gitFolder({ files: { "notes.txt": "mine" } });
    git(tree.dir, "add", "notes.txt");
    const store = new LocalStore({ root: tree.dir, git: { env: ISOLATED_GIT_ENV } });
    await store.commit(files, "only research");
    expect(git(tree.dir, "show", "--name-only", "--format=", "HEAD")).not.toContain("notes.txt");
    expect(git(tree.dir, "diff", "--cached", "--name-only")).toBe("notes.txt");
  });

  it("treats file names literally, never as globs", async () => {
    const tree = await gitFolder({ files: { "ideas/a/x1.md": "other" } });
    const store = new LocalStore({ root: tree.dir, git: { env: ISOLATED_GIT_ENV } });
    await store.commit([{ path: "ideas/a/x[0-9].md", content: "literal" }], "glob");
    expect(git(tree.dir, "show", "--name-only", "--format=", "HEAD")).toBe("ideas/a/x[0-9].md");
  });

  it("reports a missing git identity in one line without host paths", async () => {
    const tree = await gitFolder();
    const env = {
      ...ISOLATED_GIT_ENV,
      GIT_AUTHOR_NAME: "",
      GIT_AUTHOR_EMAIL: "",
      GIT_COMMITTER_NAME: "",
      GIT_COMMITTER_EMAIL: "",
      EMAIL: "",
    };
    const store = new LocalStore({ root: tree.dir, git: { env } });
    const error = await store.commit(files, "x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as Error).message).toContain("user.name");
    expect((error as Error).message).not.toContain(tree.dir);
  });
});

describe("LocalStore.commit in a plain folder", () => {
  it("writes the files and returns their repository-relative paths without a commit", async () => {
    const tree = await folder();
    const result = await new LocalStore({ root: tree.dir }).commit(files, "x");
    expect(result).toEqual({ locations: files.map((f) => f.path) });
    expect(await readFile(path.join(tree.dir, files[1]!.path), "utf8")).toBe("[]\n");
  });

  it("checks every path before writing any file", async () => {
    const tree = await folder();
    const bad = [files[0]!, { path: "../escape.md", content: "x" }];
    await expect(new LocalStore({ root: tree.dir }).commit(bad, "x")).rejects.toThrow("'..'");
    await expect(stat(path.join(tree.dir, files[0]!.path))).rejects.toThrow();
  });

  it.each([".github/workflows/x.yml", "ideas/.env", "/abs.md", "ideas//x.md"])(
    "refuses to write %s",
    async (p) => {
      const tree = await folder();
      await expect(
        new LocalStore({ root: tree.dir }).commit([{ path: p, content: "x" }], "x"),
      ).rejects.toBeInstanceOf(StoreError);
    },
  );

  it("never writes through a folder link that leaves the repository", async () => {
    const tree = await folder({ links: { ideas: "../outside" } });
    await expect(new LocalStore({ root: tree.dir }).commit(files, "x")).rejects.toThrow(
      "outside the allowed folder",
    );
    await expect(stat(path.join(tree.outside, "2026-01-02-solar"))).rejects.toThrow();
  });

  it("replaces a file link instead of writing through it", async () => {
    const tree = await folder({ links: { [files[0]!.path]: "../../../outside/secret.txt" } });
    await new LocalStore({ root: tree.dir }).commit(files, "x");
    expect(await readFile(path.join(tree.outside, "secret.txt"), "utf8")).toBe("OUTSIDE-SECRET\n");
    expect(await readFile(path.join(tree.dir, files[0]!.path), "utf8")).toBe("# Solar\n");
  });
});

describe("LocalStore reading", () => {
  it("lists the folders under ideas/ only, without following links", async () => {
    const tree = await folder({
      files: {
        "ideas/b/research.md": "b",
        "ideas/b/exploration-log.json": "[]",
        "ideas/a/research.md": "a",
        "ideas/a/exploration-log.json": "[]",
        "ideas/unfinished/research.md":
          "---\nfingerprint: 0123456789abcdef\n---\n\nleft by a run that died before its log was written",
        "ideas/handwritten/research.md": "# Notes I wrote myself\n",
        "ideas/file.md": "f",
        "ideas/.hidden/x": "h",
      },
      links: { "ideas/linked": "../../outside" },
    });
    expect(await new LocalStore({ root: tree.dir }).listIdeaFolders()).toEqual([
      "a",
      "b",
      "handwritten",
    ]);
  });

  it("lists nothing when there is no ideas folder yet", async () => {
    const tree = await folder();
    expect(await new LocalStore({ root: tree.dir }).listIdeaFolders()).toEqual([]);
  });

  it("lists more than 1,000 folders", async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 1005; i++) many[`ideas/f${i}/exploration-log.json`] = "[]";
    const tree = await folder({ files: many });
    expect(await new LocalStore({ root: tree.dir }).listIdeaFolders()).toHaveLength(1005);
  });

  it("reads text, and undefined for a missing file", async () => {
    const tree = await folder({
      files: {
        "ideas/a/research.md": "héllo",
        "ideas/a/exploration-log.json": "[]",
        "ideas/unfinished/research.md":
          "---\nfingerprint: 0123456789abcdef\n---\n\nno completion mark",
        "ideas/handwritten/research.md": "# mine",
      },
    });
    const store = new LocalStore({ root: tree.dir });
    expect(await store.readText("ideas/a/research.md")).toBe("héllo");
    expect(await store.readText("ideas/a/missing.md")).toBeUndefined();
    expect(await store.readText("ideas/unfinished/research.md")).toBeUndefined();
    expect(await store.readText("ideas/handwritten/research.md")).toBe("# mine");
  });

  it("refuses to read through a link out of the folder", async () => {
    const tree = await folder({ links: { "ideas/x.md": "../../outside/secret.txt" } });
    await expect(new LocalStore({ root: tree.dir }).readText("ideas/x.md")).rejects.toThrow(
      StoreError,
    );
  });

  it("answers getContent like the Contents API", async () => {
    const tree = await folder({ files: { "ideas/a/research.md": "hi" } });
    const store = new LocalStore({ root: tree.dir });
    expect(await store.getContent("ideas/a/research.md")).toEqual({
      type: "file",
      name: "research.md",
      path: "ideas/a/research.md",
      size: 2,
      encoding: "base64",
      content: Buffer.from("hi").toString("base64"),
    });
    expect(await store.getContent("ideas/a")).toEqual([
      { type: "file", name: "research.md", path: "ideas/a/research.md", size: 2 },
    ]);
    await expect(store.getContent("ideas/b")).rejects.toMatchObject({ status: 404 });
  });
});

describe("LocalStore.verify", () => {
  it("accepts an existing folder", async () => {
    const tree = await folder();
    await expect(new LocalStore({ root: tree.dir }).verify()).resolves.toBeUndefined();
  });

  it("refuses a missing folder and a file, naming neither host path", async () => {
    const tree = await folder({ files: { "file.txt": "x" } });
    for (const root of [path.join(tree.dir, "missing"), path.join(tree.dir, "file.txt")]) {
      const error = await new LocalStore({ root }).verify().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as Error).message).toMatch(/ideas folder (does not exist|is not a directory)/);
      expect((error as Error).message).not.toContain(tree.dir);
    }
  });

  it("works once a folder missing at start-up is created", async () => {
    const tree = await folder();
    const root = path.join(tree.dir, "later");
    const store = new LocalStore({ root });
    await expect(store.verify()).rejects.toThrow("does not exist");
    await mkdir(root);
    await expect(store.verify()).resolves.toBeUndefined();
  });
});
