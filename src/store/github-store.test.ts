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

describe("GitHubStore.commitOnHead", () => {
  const solarFolder = "ideas/2026-02-03-solar";

  it("decides on the head: skip makes no request after reading it", async () => {
    const seen: string[][] = [];
    const result = await store().commitOnHead(async (head) => {
      seen.push(await head.listIdeaFolders());
      return { kind: "skip", value: "duplicate" };
    });
    expect(result).toEqual({ value: "duplicate" });
    expect(seen).toEqual([["2026-01-01-old"]]);
    expect(repo.log()).toHaveLength(1);
    expect(github.requests.filter((r) => r.method !== "GET")).toHaveLength(0);
  });

  it("reads the head it decides on, not the branch as it is by then", async () => {
    const text = await store().commitOnHead(async (head) => {
      repo.push({ "ideas/2026-01-01-old/research.md": "# Rewritten\n" }, "meanwhile");
      return { kind: "skip", value: await head.readText("ideas/2026-01-01-old/research.md") };
    });
    expect(text.value).toBe("# Old\n");
  });

  it("decides again on the new head when another commit lands first", async () => {
    github.intercept({
      method: "PATCH",
      path: "/git/refs/heads/main",
      before: () => repo.push({ [`${solarFolder}/research.md`]: "# Theirs\n" }, "someone else"),
    });
    const decisions: string[][] = [];
    const result = await store().commitOnHead(async (head) => {
      const folders = await head.listIdeaFolders();
      decisions.push(folders);
      const folder = folders.includes("2026-02-03-solar") ? `${solarFolder}-2` : solarFolder;
      const files = [{ path: `${folder}/research.md`, content: "# Mine\n" }];
      return { kind: "commit", files, message: "mine", value: folder };
    });

    expect(decisions).toEqual([["2026-01-01-old"], ["2026-01-01-old", "2026-02-03-solar"]]);
    expect(result.value).toBe(`${solarFolder}-2`);
    expect(result.commit?.commitSha).toBe(repo.head());
    expect(repo.log().map((c) => c.message)).toEqual(["mine", "someone else", "seed"]);
    expect(repo.readFile(`${solarFolder}/research.md`)).toBe("# Theirs\n");
    expect(repo.readFile(`${solarFolder}-2/research.md`)).toBe("# Mine\n");
  });
});

describe("GitHubStore: a ref update whose answer is lost", () => {
  const refUpdate = { method: "PATCH", path: "/git/refs/heads/main" };

  it("is read back: applied, then answered 502 every time, is one commit and a success", async () => {
    github.intercept({ ...refUpdate, times: Infinity, replyAfterHandling: serverError(502) });
    const head = repo.head();
    const result = await store().commit(files, "mine");

    expect(repo.log().map((c) => c.message)).toEqual(["mine", "seed"]);
    expect(repo.log()[0]?.parents).toEqual([head]);
    expect(result.commitSha).toBe(repo.head());
    // Read back, not sent again.
    expect(github.requestsTo("PATCH", "/git/refs/")).toHaveLength(1);
  });

  it("is read back after a timeout: applied but never answered is one commit and a success", async () => {
    github.intercept({ ...refUpdate, delayMs: Infinity });
    const result = await store({ requestTimeoutMs: 200 }).commit(files, "mine");

    expect(repo.log().map((c) => c.message)).toEqual(["mine", "seed"]);
    expect(result.commitSha).toBe(repo.head());
  });

  it("counts as landed when others committed on top of it before it was read back", async () => {
    github.intercept({ ...refUpdate, replyAfterHandling: serverError(502) });
    let pushedOnTop = false;
    github.intercept({
      method: "GET",
      path: "/branches/main",
      times: Infinity,
      before: () => {
        if (pushedOnTop || repo.log()[0]?.message !== "mine") return;
        pushedOnTop = true;
        repo.push({ "ideas/other/research.md": "x" }, "on top");
      },
    });
    let decisions = 0;
    const result = await store().commitOnHead(async () => {
      decisions += 1;
      return { kind: "commit", files, message: "mine", value: decisions };
    });
    expect(repo.log().map((c) => c.message)).toEqual(["on top", "mine", "seed"]);
    expect(result.value).toBe(1);
    expect(result.commit?.commitSha).toBe(repo.log()[1]?.sha);
  });

  it("sends the same commit again, without deciding again, when it did not land", async () => {
    github.intercept({ ...refUpdate, reply: serverError(502) });
    let decisions = 0;
    const result = await store().commitOnHead(async () => {
      decisions += 1;
      return { kind: "commit", files, message: "mine", value: decisions };
    });

    expect(result.value).toBe(1);
    expect(repo.log().map((c) => c.message)).toEqual(["mine", "seed"]);
    expect(result.commit?.commitSha).toBe(repo.head());
    const sent = github
      .requestsTo("PATCH", "/git/refs/")
      .map((r) => (r.body as { sha: string }).sha);
    expect(sent).toEqual([repo.head(), repo.head()]);
  });

  it("decides again when the branch moved elsewhere and it did not land", async () => {
    github.intercept({
      ...refUpdate,
      before: () => repo.push({ "ideas/other/research.md": "x" }, "someone else"),
      reply: serverError(502),
    });
    let decisions = 0;
    const result = await store().commitOnHead(async () => {
      decisions += 1;
      return { kind: "commit", files, message: "mine", value: decisions };
    });
    expect(result.value).toBe(2);
    expect(repo.log().map((c) => c.message)).toEqual(["mine", "someone else", "seed"]);
  });
});

describe("GitHubStore: requests that never answer", () => {
  const repository = /^\/repos\/me\/ideas$/;

  it("gives up after the timeout on each attempt, with one clear line", async () => {
    github.intercept({
      method: "GET",
      path: repository,
      times: Infinity,
      delayMs: Infinity,
    });
    const started = Date.now();
    const error = await store({ requestTimeoutMs: 200 })
      .verify()
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).message).toBe(
      "GitHub did not answer within 0.2 s while opening me/ideas (4 attempts); check GitHub's status or set GITHUB_TIMEOUT_MS",
    );
    expect((error as StoreError).transient).toBe(true);
    expect(github.requestsTo("GET", repository)).toHaveLength(4);
    expect(Date.now() - started).toBeLessThan(4 * 200 + 1000);
  }, 5000);

  it("is patient with an answer that comes within the timeout", async () => {
    github.intercept({ method: "GET", path: repository, delayMs: 100 });
    await expect(store({ requestTimeoutMs: 1000 }).verify()).resolves.toBeUndefined();
    expect(github.requestsTo("GET", repository)).toHaveLength(1);
  });

  it("stops at once, without a retry, when the caller cancels", async () => {
    github.intercept({ method: "GET", path: "/contents/", times: Infinity, delayMs: Infinity });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("the user pressed Ctrl+C")), 50);
    const error = await store({ requestTimeoutMs: 10_000 })
      .getContent("ideas/2026-01-01-old/research.md", { signal: controller.signal })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).message).toBe(
      "GitHub request cancelled while reading ideas/2026-01-01-old/research.md",
    );
    expect((error as StoreError).transient).toBe(false);
    expect(github.requestsTo("GET", "/contents/")).toHaveLength(1);
  }, 5000);
});
