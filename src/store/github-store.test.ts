import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  changedFiles,
  type FakeGitHub,
  type FakeRepo,
  gitBlobSha,
  serverError,
  startFakeGitHub,
} from "../../test/fakes/github-server.ts";
import { GitHubStore, type GitHubStoreOptions } from "./github-store.ts";
import { StoreError } from "./research-reader.ts";

const TOKEN = "ghp_storeTestToken111111111111111111";
let github: FakeGitHub;
let repo: FakeRepo;

beforeEach(async () => {
  github = await startFakeGitHub({ tokens: { [TOKEN]: {} } });
  repo = github.addRepo("me/ideas", {
    files: { "README.md": "# Ideas\n", "ideas/2026-01-01-old/research.md": "# Old\n" },
  });
});
afterEach(() => github.close());

function store(overrides: Partial<GitHubStoreOptions> = {}) {
  return new GitHubStore({
    owner: "me",
    repo: "ideas",
    token: TOKEN,
    baseUrl: github.url,
    retry: { delayUnitMs: 1, writeSpacingMs: 0 },
    ...overrides,
  });
}

const files = [
  { path: "ideas/2026-02-03-solar/research.md", content: "# Solar dryers\n\nÜnïcödé ✓\n" },
  { path: "ideas/2026-02-03-solar/exploration-log.json", content: '[{"steps":3}]\n' },
];

describe("GitHubStore.commit", () => {
  it("makes exactly one commit holding both files, on top of the head", async () => {
    const head = repo.head();
    const result = await store().commit(files, "Explore: solar dryers");

    const log = repo.log();
    expect(log).toHaveLength(2);
    expect(log[0]?.sha).toBe(result.commitSha);
    expect(log[0]?.parents).toEqual([head]);
    expect(log[0]?.message).toBe("Explore: solar dryers");
    expect(changedFiles(repo, result.commitSha!)).toEqual(files.map((f) => f.path).sort());
    for (const file of files) expect(repo.readFile(file.path)).toBe(file.content);
    expect(repo.readFile("ideas/2026-01-01-old/research.md")).toBe("# Old\n");
    expect(result.locations).toEqual([
      `${github.url}/me/ideas/blob/main/ideas/2026-02-03-solar/research.md`,
      `${github.url}/me/ideas/blob/main/ideas/2026-02-03-solar/exploration-log.json`,
    ]);
    const [update] = github.requestsTo("PATCH", "/git/refs/heads/main");
    expect(update?.body).toMatchObject({ sha: result.commitSha, force: false });
  });

  it("rebuilds on the new head when the branch moves before the ref update", async () => {
    github.intercept({
      method: "PATCH",
      path: "/git/refs/heads/main",
      before: () => repo.push({ "ideas/other/research.md": "pushed meanwhile" }, "someone else"),
    });
    const result = await store().commit(files, "mine");

    const log = repo.log();
    expect(log.map((c) => c.message)).toEqual(["mine", "someone else", "seed"]);
    expect(log[0]?.parents).toEqual([log[1]?.sha]);
    expect(result.commitSha).toBe(log[0]?.sha);
    expect(repo.readFile("ideas/other/research.md")).toBe("pushed meanwhile");
    expect(repo.readFile(files[0]!.path)).toBe(files[0]!.content);
    expect(github.requestsTo("PATCH", "/git/refs/")).toHaveLength(2);
    // Blobs are uploaded once and reused by the second attempt.
    expect(github.requestsTo("POST", "/git/blobs")).toHaveLength(2);
  });

  it("gives up with a clear error when the branch keeps moving", async () => {
    let n = 0;
    github.intercept({
      method: "PATCH",
      path: "/git/refs/heads/main",
      times: Infinity,
      before: () => repo.push({ [`ideas/x${n++}.md`]: "moving" }),
    });
    const error = await store({ commitAttempts: 3 })
      .commit(files, "x")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as Error).message).toContain("kept moving during 3 commit attempts");
    expect(repo.readFile(files[0]!.path)).toBeUndefined();
  });

  it("is idempotent: committing the same files again makes no commit", async () => {
    const first = await store().commit(files, "one");
    const second = await store().commit(files, "two");
    expect(second.commitSha).toBe(first.commitSha);
    expect(repo.log()).toHaveLength(2);
    expect(github.requestsTo("PATCH", "/git/refs/")).toHaveLength(1);
  });

  it("on a replay after others committed, reports the commit that holds the files, not the head", async () => {
    const first = await store().commit(files, "one");
    repo.push({ "ideas/2026-02-04-other/research.md": "# Other\n" }, "another job");
    const replay = await store().commit(files, "one again");
    expect(replay.commitSha).toBe(first.commitSha);
    expect(repo.log()).toHaveLength(3);
  });

  it("uploads exactly the bytes of the content (blob SHA as git computes it)", async () => {
    await store().commit(files, "x");
    expect(repo.entry(files[0]!.path)?.sha).toBe(gitBlobSha(files[0]!.content));
  });

  it("survives a transient 500 on a write", async () => {
    github.intercept({ method: "POST", path: "/git/trees", reply: serverError() });
    const result = await store().commit(files, "x");
    expect(repo.head()).toBe(result.commitSha);
  });

  it("refuses unsafe paths before any request", async () => {
    for (const path of [".github/workflows/run.yml", "../x.md", "ideas/a/.env"]) {
      await expect(store().commit([{ path, content: "x" }], "x")).rejects.toBeInstanceOf(
        StoreError,
      );
    }
    expect(github.requests).toHaveLength(0);
  });

  it("reports a missing branch", async () => {
    await expect(store({ branch: "nope" }).commit(files, "x")).rejects.toThrow(
      "Branch nope does not exist in me/ideas",
    );
  });

  it("uses the configured branch and encodes URLs", async () => {
    repo.push({ "ideas/keep.md": "x" }, "branch", "research/2026");
    const result = await store({ branch: "research/2026" }).commit(
      [{ path: "ideas/a b/research.md", content: "x" }],
      "x",
    );
    expect(repo.readFile("ideas/a b/research.md", "research/2026")).toBe("x");
    expect(repo.readFile("ideas/a b/research.md")).toBeUndefined();
    expect(result.locations).toEqual([
      `${github.url}/me/ideas/blob/research/2026/ideas/a%20b/research.md`,
    ]);
  });
});

describe("GitHubStore.verify", () => {
  it("passes for a reachable repository and branch", async () => {
    await expect(store().verify()).resolves.toBeUndefined();
  });

  it("reports a bad token (401) without echoing it", async () => {
    const error = await store({ token: "ghp_badbadbad" })
      .verify()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect((error as Error).message).toContain("Bad credentials");
    expect((error as Error).message).not.toContain("ghp_badbadbad");
  });

  it("reports a missing or invisible repository (404)", async () => {
    github.addToken("ghp_otherRepoOnly", { repos: ["me/elsewhere"] });
    for (const s of [store({ repo: "missing" }), store({ token: "ghp_otherRepoOnly" })]) {
      const error = await s.verify().catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404 });
      expect((error as Error).message).toMatch(
        /me\/(missing|ideas) was not found, or the token cannot see it/,
      );
    }
  });

  it("reports a missing branch", async () => {
    await expect(store({ branch: "drafts" }).verify()).rejects.toThrow(
      "Branch drafts does not exist in me/ideas",
    );
  });

  it("reports a read-only token", async () => {
    github.addToken("ghp_readOnly", { push: false });
    await expect(store({ token: "ghp_readOnly" }).verify()).rejects.toThrow("cannot push");
  });
});

describe("GitHubStore reading", () => {
  it("lists idea folders through the Trees API, beyond 1,000 entries", async () => {
    const many: Record<string, string> = { "ideas/loose-file.md": "x" };
    for (let i = 0; i < 1200; i++) many[`ideas/f${String(i).padStart(4, "0")}/research.md`] = "x";
    repo.push(many);
    const folders = await store().listIdeaFolders();
    expect(folders).toHaveLength(1201);
    expect(folders[0]).toBe("2026-01-01-old");
    expect(github.requestsTo("GET", "/contents/")).toHaveLength(0);
  });

  it("lists nothing when ideas/ does not exist", async () => {
    repo.push({ "ideas/2026-01-01-old/research.md": null });
    expect(await store().listIdeaFolders()).toEqual([]);
  });

  it("reads text (also over 1 MB, through the blob API) and undefined when missing", async () => {
    const big = "z".repeat(1024 * 1024 + 5);
    repo.push({ "ideas/big.md": big });
    const s = store();
    expect(await s.readText("ideas/2026-01-01-old/research.md")).toBe("# Old\n");
    expect(await s.readText("ideas/big.md")).toBe(big);
    expect(await s.readText("ideas/none.md")).toBeUndefined();
  });

  it("refuses to read text through a link", async () => {
    repo.push({ "ideas/link.md": { symlink: "2026-01-01-old/research.md" } });
    await expect(store().readText("ideas/link.md")).rejects.toThrow("is not a file");
  });

  it("maps a 404 from getContent to StoreError status 404", async () => {
    await expect(store().getContent("ideas/none.md")).rejects.toMatchObject({ status: 404 });
  });
});
