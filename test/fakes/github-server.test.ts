import { Octokit } from "@octokit/rest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeGitHub,
  type FakeRepo,
  rateLimitExceeded,
  startFakeGitHub,
} from "./github-server.ts";

// The fake's wire details, checked through plain Octokit, so others can rely on them.
const TOKEN = "ghp_fakeSelfTest";
let github: FakeGitHub;
let repo: FakeRepo;
let octokit: Octokit;

beforeAll(async () => {
  github = await startFakeGitHub({ tokens: { [TOKEN]: {} } });
  repo = github.addRepo("me/ideas", {
    files: {
      "ideas/a/research.md": "x".repeat(100),
      "ideas/big.md": "y".repeat(1024 * 1024 + 1),
      "ideas/link.md": { symlink: "a/research.md" },
      "ideas/dirlink": { symlink: "a" },
      "ideas/sub": { submodule: "b".repeat(40) },
    },
  });
  octokit = new Octokit({ auth: TOKEN, baseUrl: github.url });
});
afterAll(() => github.close());
beforeEach(() => {
  github.clearIntercepts();
});

const get = (path: string) =>
  octokit.rest.repos.getContent({ owner: "me", repo: "ideas", path, ref: "main" });

describe("fake GitHub: Contents API", () => {
  it("wraps base64 content in 60-character lines like GitHub", async () => {
    const { data } = await get("ideas/a/research.md");
    const file = data as { content: string; size: number; encoding: string; path: string };
    expect(file).toMatchObject({ size: 100, encoding: "base64", path: "ideas/a/research.md" });
    const lines = file.content.split("\n");
    expect(lines[0]).toHaveLength(60);
    expect(file.content.endsWith("\n")).toBe(true);
    expect(Buffer.from(file.content, "base64").toString()).toBe("x".repeat(100));
  });

  it("leaves content out above 1 MB", async () => {
    const { data } = await get("ideas/big.md");
    expect(data).toMatchObject({
      type: "file",
      size: 1024 * 1024 + 1,
      encoding: "none",
      content: "",
    });
  });

  it("dereferences a link to a file, answering with the target's path", async () => {
    const { data } = await get("ideas/link.md");
    expect(data).toMatchObject({ type: "file", path: "ideas/a/research.md" });
  });

  it("answers a link to a folder as a symlink and a submodule as a submodule", async () => {
    expect((await get("ideas/dirlink")).data).toMatchObject({ type: "symlink", target: "a" });
    expect((await get("ideas/sub")).data).toMatchObject({ type: "submodule" });
  });

  it("lists a folder as an array, with GitHub's submodule-as-file quirk", async () => {
    const { data } = await get("ideas");
    expect(Array.isArray(data)).toBe(true);
    const types = Object.fromEntries(
      (data as { name: string; type: string }[]).map((e) => [e.name, e.type]),
    );
    expect(types).toEqual({
      a: "dir",
      "big.md": "file",
      dirlink: "symlink",
      "link.md": "symlink",
      sub: "file",
    });
  });

  it("logs requests with the decoded path", async () => {
    github.requests.length = 0;
    await get("ideas/a/research.md");
    expect(github.requests[0]).toMatchObject({
      method: "GET",
      path: "/repos/me/ideas/contents/ideas/a/research.md",
    });
    expect(github.requests[0]?.headers.authorization).toBe(`token ${TOKEN}`);
  });
});

describe("fake GitHub: auth and faults", () => {
  it("answers an unknown token with 401 Bad credentials", async () => {
    const bad = new Octokit({ auth: "nope", baseUrl: github.url });
    await expect(bad.rest.repos.get({ owner: "me", repo: "ideas" })).rejects.toMatchObject({
      status: 401,
      message: expect.stringContaining("Bad credentials"),
    });
  });

  it("hides a private repository from anonymous callers with 404", async () => {
    const anonymous = new Octokit({ baseUrl: github.url });
    await expect(anonymous.rest.repos.get({ owner: "me", repo: "ideas" })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("serves canned rate-limit replies with GitHub's headers", async () => {
    github.intercept({ path: "/contents/", reply: rateLimitExceeded() });
    const error = await get("ideas/a/research.md").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403 });
    expect(
      (error as { response: { headers: Record<string, string> } }).response.headers,
    ).toMatchObject({
      "x-ratelimit-remaining": "0",
    });
  });
});

describe("fake GitHub: Git Data API", () => {
  it("refuses a non-fast-forward ref update unless forced", async () => {
    const head = repo.head();
    const tree = repo.rootTree(head)!;
    const { data: orphan } = await octokit.rest.git.createCommit({
      owner: "me",
      repo: "ideas",
      message: "orphan",
      tree,
      parents: [],
    });
    const update = (force: boolean) =>
      octokit.rest.git.updateRef({
        owner: "me",
        repo: "ideas",
        ref: "heads/main",
        sha: orphan.sha,
        force,
      });
    await expect(update(false)).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("not a fast forward"),
    });
    expect(repo.head()).toBe(head);
    await update(true);
    expect(repo.head()).toBe(orphan.sha);
  });

  it("gives identical trees identical SHAs", async () => {
    const base = repo.rootTree(repo.head())!;
    const { data: blob } = await octokit.rest.git.createBlob({
      owner: "me",
      repo: "ideas",
      content: "x".repeat(100),
    });
    const { data: tree } = await octokit.rest.git.createTree({
      owner: "me",
      repo: "ideas",
      base_tree: base,
      tree: [{ path: "ideas/a/research.md", mode: "100644", type: "blob", sha: blob.sha }],
    });
    expect(tree.sha).toBe(base);
  });
});
