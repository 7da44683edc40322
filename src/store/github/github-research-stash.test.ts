import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeGitHub,
  type FakeRepo,
  startFakeGitHub,
} from "../../../test/fakes/github-server.ts";
import { StoreError } from "../research-reader.ts";
import { GitHubResearchStash } from "./github-research-stash.ts";
import { repoContext } from "./repo-context.ts";

const TOKEN = "ghp_stashTestToken1111111111111111111";
let github: FakeGitHub;
let repo: FakeRepo;
beforeEach(async () => {
  github = await startFakeGitHub({ tokens: { [TOKEN]: {}, ghp_readOnly: { push: false } } });
  repo = github.addRepo("me/ideas", { files: { "README.md": "# Ideas\n" } });
});
afterEach(() => github.close());

const stash = (token = TOKEN) =>
  new GitHubResearchStash(
    repoContext({
      owner: "me",
      repo: "ideas",
      token,
      baseUrl: github.url,
      retry: { delayUnitMs: 1, writeSpacingMs: 0 },
    }),
  );
const steps = {
  research: { report: "# Dryers\n\nÜnïcödé ✓ 8%", cost: { priced: true, usd: 0.3 } },
};

describe("GitHubResearchStash (against the fake GitHub REST API)", () => {
  it("keeps steps on a ref outside the branches, reads them back for the same key, and deletes them", async () => {
    const head = repo.head();
    await stash().save(7, "key-a", steps);
    expect(await stash().load(7, "key-a")).toEqual(steps);
    expect([...repo.otherRefs.keys()]).toEqual(["idea-explorer/paid-research/issue-7"]);
    // Nothing reached a branch: the research is published only by its own commit.
    expect(repo.head()).toBe(head);
    expect([...repo.branches.keys()]).toEqual(["main"]);

    await stash().save(7, "key-a", { ...steps, synthesis: "more" });
    expect(await stash().load(7, "key-a")).toEqual({ ...steps, synthesis: "more" });
    await stash().drop(7);
    expect(repo.otherRefs.size).toBe(0);
    expect(await stash().load(7, "key-a")).toBeUndefined();
  });

  it("reads nothing for another request, another issue, or a stash that is not its format", async () => {
    await stash().save(7, "key-a", steps);
    expect(await stash().load(7, "key-b")).toBeUndefined();
    expect(await stash().load(8, "key-a")).toBeUndefined();
    // A later save for another request replaces the issue's stash.
    await stash().save(7, "key-b", { research: 1 });
    expect(await stash().load(7, "key-a")).toBeUndefined();
    expect(await stash().load(7, "key-b")).toEqual({ research: 1 });
  });

  it("deleting a stash that is gone is no failure; a refused write is a StoreError without the token", async () => {
    await expect(stash().drop(9)).resolves.toBeUndefined();
    const refused = await stash("ghp_readOnly")
      .save(7, "key-a", steps)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreError);
    expect(String((refused as Error).message)).toMatch(
      /refs\/idea-explorer\/paid-research\/issue-7/,
    );
    expect(String((refused as Error).message)).not.toContain("ghp_");
  });
});
