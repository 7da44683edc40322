import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeGitHub, type FakeRepo, serverError, startFakeGitHub } from "../github-server.ts";

// The fake's lost-answer controls and compare route, checked through plain Octokit (no retries).
const TOKEN = "ghp_fakeLostAnswers";
let github: FakeGitHub;
let repo: FakeRepo;
let octokit: Octokit;

beforeEach(async () => {
  github = await startFakeGitHub({ tokens: { [TOKEN]: {} } });
  repo = github.addRepo("me/ideas", { files: { "README.md": "# Ideas\n" } });
  octokit = new Octokit({ auth: TOKEN, baseUrl: github.url });
});
afterEach(() => github.close());

const me = { owner: "me", repo: "ideas" };

/** A commit on top of main that main does not point at yet. */
async function childOfHead(): Promise<string> {
  const { data } = await octokit.rest.git.createCommit({
    ...me,
    message: "child",
    tree: repo.rootTree(repo.head())!,
    parents: [repo.head()],
  });
  return data.sha;
}

describe("fake GitHub: lost answers", () => {
  it("applies a request and then answers the given error instead (replyAfterHandling)", async () => {
    const child = await childOfHead();
    github.intercept({
      method: "PATCH",
      path: "/git/refs/heads/main",
      replyAfterHandling: serverError(502),
    });
    const update = octokit.rest.git.updateRef({ ...me, ref: "heads/main", sha: child });
    await expect(update).rejects.toMatchObject({ status: 502 });
    expect(repo.head()).toBe(child);
  });

  it("holds an answer back for delayMs, with the request already handled", async () => {
    const child = await childOfHead();
    github.intercept({ method: "PATCH", path: "/git/refs/", delayMs: 150 });
    const started = Date.now();
    const update = octokit.rest.git.updateRef({ ...me, ref: "heads/main", sha: child });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(repo.head()).toBe(child);
    await expect(update).resolves.toMatchObject({ status: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("never answers with delayMs Infinity, until the client gives up", async () => {
    github.intercept({ method: "GET", path: "/branches/main", delayMs: Infinity });
    const request = octokit.rest.repos.getBranch({
      ...me,
      branch: "main",
      request: { signal: AbortSignal.timeout(200) },
    });
    await expect(request).rejects.toMatchObject({ cause: { name: "TimeoutError" } });
    expect(github.requestsTo("GET", "/branches/main")).toHaveLength(1);
  });
});

describe("fake GitHub: compare", () => {
  const compare = (basehead: string) =>
    octokit.rest.repos.compareCommitsWithBasehead({ ...me, basehead });

  it("says how two commits relate, from the head's side", async () => {
    const first = repo.head();
    const second = repo.push({ "a.md": "a" }, "second");
    const { data } = await compare(`${first}...${second}`);
    expect(data).toMatchObject({ status: "ahead", ahead_by: 1, behind_by: 0, total_commits: 1 });
    expect(data.commits.map((c) => c.sha)).toEqual([second]);
    expect(data.merge_base_commit.sha).toBe(first);
    expect((await compare(`${second}...${first}`)).data.status).toBe("behind");
    expect((await compare(`${second}...main`)).data.status).toBe("identical");
    const side = await octokit.rest.git.createCommit({
      ...me,
      message: "side",
      tree: repo.rootTree(first)!,
      parents: [first],
    });
    expect((await compare(`${side.data.sha}...main`)).data).toMatchObject({
      status: "diverged",
      ahead_by: 1,
      behind_by: 1,
    });
  });

  it("answers 404 for an unknown commit", async () => {
    await expect(compare(`${"0".repeat(40)}...main`)).rejects.toMatchObject({ status: 404 });
  });
});
