import { describe, expect, it } from "vitest";
import { type ExploreRequest, parseExploreRequest } from "../../config/explore-request.ts";
import { openJobDatabase } from "../../jobs/job-database.ts";
import { createJobRunner, defineWorkflow } from "../../jobs/job-runner.ts";
import { StoreError } from "../../store/research-reader.ts";
import type { ResearchStore } from "../../store/research-store.ts";
import { fingerprintIdea, slugifyIdea } from "../idea-identity.ts";
import { FOLDER_LISTING_TTL_MS, submitExplore } from "./explore-service.ts";

/** An ideas repository in memory that counts how often ideas/ is listed. */
function memoryStore() {
  const files = new Map<string, string>();
  const counts = { listings: 0 };
  let failure: StoreError | undefined;
  const store: ResearchStore = {
    description: "memory",
    verify: async () => {},
    getContent: async () => undefined,
    listIdeaFolders: async () => {
      counts.listings += 1;
      if (failure) throw failure;
      return [...new Set([...files.keys()].map((path) => path.split("/")[1] ?? ""))];
    },
    readText: async (path) => files.get(path),
    commit: async () => ({ locations: [] }),
    commitOnHead: async () => {
      throw new Error("not used: jobs of these tests never commit");
    },
    lockIdea: async () => ({ release: async () => {} }),
  };
  const addExploration = (idea: string) => {
    const folder = `ideas/2026-01-01-${slugifyIdea(idea)}`;
    files.set(
      `${folder}/research.md`,
      `---\ntitle: x\nidea: ${JSON.stringify(idea)}\nfingerprint: ${fingerprintIdea(idea)}\ndate: 2026-01-01\n---\n\n# x\n`,
    );
  };
  return { store, counts, addExploration, fail: (error: StoreError) => (failure = error) };
}

function setUp() {
  const repo = memoryStore();
  let now = 0;
  const jobs = createJobRunner({
    db: openJobDatabase({ file: ":memory:" }),
    logger: { error: () => {} },
    workflows: {
      // Stands in for the explore workflow: its commit makes the idea's folder exist.
      explore: defineWorkflow<{ request: ExploreRequest }, null>({
        run: async ({ payload }) => {
          repo.addExploration(payload.request.idea);
          return null;
        },
      }),
    },
  });
  const submit = submitExplore(jobs, repo.store, () => new Date(now));
  const ask = (idea: string, extra: Partial<ExploreRequest> = {}) =>
    submit({
      request: { ...parseExploreRequest({ idea }), ...extra },
      webhook: undefined,
      tokenId: undefined,
    });
  return { repo, jobs, ask, advance: (ms: number) => (now += ms) };
}

describe("submitExplore", () => {
  it("answers an idea already in the repository at once, with its path, and queues nothing", async () => {
    const { repo, jobs, ask } = setUp();
    repo.addExploration("Solar dryers for mango farmers");
    expect(await ask("solar dryers for  mango farmers")).toEqual({
      kind: "existing",
      body: {
        status: "exists",
        path: "ideas/2026-01-01-solar-dryers-for-mango-farmers/research.md",
        date: "2026-01-01",
      },
    });
    expect(jobs.list({ limit: 10 }).jobs).toEqual([]);
    expect(await ask("Solar dryers for mango farmers", { update: true })).toMatchObject({
      kind: "queued",
    });
  });

  it("lists ideas/ once per interval however many submissions arrive, not once per request", async () => {
    const { repo, ask, advance } = setUp();
    await Promise.all(Array.from({ length: 20 }, (_, i) => ask(`idea number ${i}`)));
    expect(repo.counts.listings).toBe(1);
    advance(FOLDER_LISTING_TTL_MS - 1);
    await ask("one more idea");
    expect(repo.counts.listings).toBe(1);
    advance(1);
    await ask("and another");
    expect(repo.counts.listings).toBe(2);
  });

  it("after the interval, answers from the previous listing while a fresh one is read", async () => {
    const { repo, ask, advance } = setUp();
    await ask("first idea");
    repo.addExploration("Written by another process");
    let release!: () => void;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const list = repo.store.listIdeaFolders;
    repo.store.listIdeaFolders = async () => {
      await slow;
      return list();
    };
    advance(FOLDER_LISTING_TTL_MS);
    // Not held up by the slow refresh, and not yet aware of the new folder.
    expect(await ask("Written by another process")).toMatchObject({ kind: "queued" });
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await ask("Written by another process")).toMatchObject({ kind: "existing" });
  });

  it("sees a folder a finished job of this process wrote, without waiting for the interval", async () => {
    const { jobs, ask } = setUp();
    const first = await ask("Night buses for shift workers");
    expect(first.kind).toBe("queued");
    jobs.start();
    await jobs.whenIdle();
    expect(await ask("Night buses for shift workers")).toMatchObject({ kind: "existing" });
    await jobs.stop();
  });

  it("queues the job when the repository cannot be read, so the job fails with the reason and its webhook", async () => {
    const { repo, jobs, ask } = setUp();
    repo.fail(new StoreError("The ideas folder cannot be used: it does not exist"));
    const answer = await ask("An idea for a broken repository");
    expect(answer.kind).toBe("queued");
    expect(jobs.list({ limit: 10 }).jobs).toHaveLength(1);
    // A failed listing is not remembered: the next submission tries again.
    await ask("Another idea");
    expect(repo.counts.listings).toBe(2);
  });
});
