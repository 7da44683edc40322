import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ISOLATED_GIT_ENV, isolatedGit } from "../../../test/helpers/isolated-git.ts";
import { makeTempTree, type TempTree } from "../../../test/helpers/temp-tree.ts";
import { parseExploreRequest } from "../../config/explore-request.ts";
import { LocalStore } from "../../store/local-store.ts";
import { fingerprintIdea } from "../idea-identity.ts";
import { commitExploration } from "./commit-exploration.ts";
import type { ExplorePayload, ExplorePlan } from "./explore-plan.ts";
import type { ResearchOutcome } from "./research-outcome.ts";

/**
 * The commit is decided on the branch head it lands on: what another run committed between this
 * run's prepare step and its commit is seen, never overwritten.
 */
const git = isolatedGit;

const IDEA = "Repair cafes for school laptops";
let tree: TempTree;
let store: LocalStore;
beforeEach(async () => {
  tree = await makeTempTree({ files: { "README.md": "seed\n" } });
  git(tree.dir, "init", "-q", "-b", "main");
  git(tree.dir, "add", ".");
  git(tree.dir, "commit", "-qm", "seed");
  store = new LocalStore({ root: tree.dir, git: { env: ISOLATED_GIT_ENV } });
});
afterEach(() => tree.cleanup());

function payload(runId: string, idea = IDEA, extra: object = {}): ExplorePayload {
  return {
    request: parseExploreRequest({ idea, ...extra }),
    requestedAt: "2026-11-25T10:00:00.000Z",
    runId,
  };
}

function plan(folder = "ideas/2026-11-25-repair-cafes-for-school-laptops", idea = IDEA) {
  return {
    action: "explore" as const,
    isUpdate: false,
    folder,
    date: "2026-11-25",
    fingerprint: fingerprintIdea(idea),
    priorResearch: [],
  } satisfies ExplorePlan;
}

function outcome(report: string): ResearchOutcome {
  return {
    report,
    model: "claude-test",
    startedAt: "2026-11-25T10:00:00.000Z",
    endedAt: "2026-11-25T10:01:00.000Z",
    steps: 1,
    stoppedBy: "end",
    usage: {
      inputTokens: 1,
      outputTokens: 1,
      totalTokens: 2,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    },
    limits: { maxSteps: 5, tokenBudget: 100_000, maxOutputTokens: 16_384 },
    toolCalls: [],
    sources: [],
  };
}

const commits = () => Number(git(tree.dir, "rev-list", "--count", "HEAD"));

describe("commitExploration on a head that moved", () => {
  it("reports a duplicate when another run of the idea committed first, writing nothing", async () => {
    await commitExploration(payload("run-a"), plan(), outcome("# First\n"), store);
    const before = git(tree.dir, "rev-parse", "HEAD");

    // Run b prepared before run a committed, so its plan still says "explore".
    const second = await commitExploration(payload("run-b"), plan(), outcome("# Second\n"), store);

    expect(second).toMatchObject({
      status: "duplicate",
      folder: "ideas/2026-11-25-repair-cafes-for-school-laptops",
    });
    expect(second.commit).toBeUndefined();
    expect(git(tree.dir, "rev-parse", "HEAD")).toBe(before);
  });

  it("takes the next folder name when another idea with the same slug took it", async () => {
    await commitExploration(
      payload("run-a", "Repair cafés for school laptops, run by parents"),
      plan(
        "ideas/2026-11-25-repair-cafes-for-school-laptops",
        "Repair cafés for school laptops, run by parents",
      ),
      outcome("# Parents\n"),
      store,
    );
    const mine = await commitExploration(payload("run-b"), plan(), outcome("# Mine\n"), store);
    expect(mine.status).toBe("created");
    expect(mine.folder).toBe("ideas/2026-11-25-repair-cafes-for-school-laptops-2");
    expect(
      await store.readText("ideas/2026-11-25-repair-cafes-for-school-laptops/research.md"),
    ).toContain("# Parents");
    expect(commits()).toBe(3);
  });

  it("makes no second commit when its own commit is replayed (after a crash)", async () => {
    const first = await commitExploration(payload("run-a"), plan(), outcome("# First\n"), store);
    const again = await commitExploration(payload("run-a"), plan(), outcome("# First\n"), store);
    expect(again.status).toBe("created");
    expect(again.commit?.commitSha).toBe(first.commit?.commitSha);
    expect(commits()).toBe(2);
  });

  it("builds an update on the newest research, so two updates both stay", async () => {
    await commitExploration(
      payload("run-a"),
      plan(),
      outcome("# Repair cafes\n\nFirst look."),
      store,
    );
    const folder = "ideas/2026-11-25-repair-cafes-for-school-laptops";
    const original = (await store.readText(`${folder}/research.md`)) as string;
    const update = (runId: string, date: string, text: string) =>
      commitExploration(
        { ...payload(runId, IDEA, { update: true }), requestedAt: `${date}T10:00:00.000Z` },
        {
          ...plan(),
          isUpdate: true,
          date,
          previous: { path: `${folder}/research.md`, content: original },
        },
        outcome(text),
        store,
      );
    // Both updates prepared from the original; the second lands on the first.
    await update("run-b", "2026-11-26", "Prices fell.");
    await update("run-c", "2026-11-27", "A grant opened.");
    const text = (await store.readText(`${folder}/research.md`)) as string;
    expect(text).toContain("## Update - 2026-11-26");
    expect(text).toContain("## Update - 2026-11-27");
    const log = JSON.parse((await store.readText(`${folder}/exploration-log.json`)) as string);
    expect(log.map((entry: { runId: string }) => entry.runId)).toEqual(["run-a", "run-b", "run-c"]);
  });
});
