import { describe, expect, it } from "vitest";
import {
  researchMarkdown,
  type SeedExploration,
  seedFolder,
} from "../../test/helpers/library-seed.ts";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";
import { staleExplorations } from "../research/refresh/stale-explorations.ts";
import type { ResearchSnapshot } from "../store/research-store.ts";

const NOW = Date.parse("2026-11-28T12:00:00Z");

const OLD: SeedExploration = {
  idea: "Solar dryers for market stalls",
  title: "Solar dryers",
  mode: "business",
  date: "2026-03-01",
  verdict: "Pursue with changes",
};
const OLDER: SeedExploration = {
  idea: "Repair cafes with paid memberships",
  title: "Repair cafes",
  mode: "exploration",
  date: "2026-01-10",
};
const FRESH: SeedExploration = {
  idea: "A bakery for dogs",
  title: "Dog bakery",
  mode: "business",
  date: "2026-11-20",
};

/** An ideas repository in memory, holding research.md files as the product writes them. */
function snapshot(seeds: SeedExploration[]): ResearchSnapshot {
  const files = new Map(
    seeds.map((s) => [`ideas/${seedFolder(s)}/research.md`, researchMarkdown(s)]),
  );
  return {
    listIdeaFolders: async () => seeds.map(seedFolder),
    readText: async (path) => files.get(path),
  };
}

function fixture(seeds: SeedExploration[] = [OLD, OLDER, FRESH]) {
  const ideas = snapshot(seeds);
  return createServiceFixture({
    ideas,
    findStale: (q) => staleExplorations(ideas, q),
    now: () => NOW,
  });
}

const post = (body?: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

type Job = { job_id: string; status: string; status_url: string; duplicate_of_job?: true };

describe("POST /api/explorations/{folder}/refresh", () => {
  it("queues a refresh of that exploration's idea (an update that is a refresh), with no body", async () => {
    const { app, jobs } = fixture();
    const response = await app.request(`/api/explorations/${seedFolder(FRESH)}/refresh`, post());
    expect(response.status).toBe(202);
    const job = (await response.json()) as Job;
    expect(response.headers.get("location")).toBe(job.status_url);
    // Whatever its age: asked for by name, a week-old exploration is refreshed too.
    expect(jobs.get(job.job_id)?.payload).toMatchObject({
      request: { idea: FRESH.idea, mode: "business", update: true, refresh: true, force: false },
    });
  });

  it("passes the body's limits to the run, and answers a second ask with the job in flight", async () => {
    const { app, jobs } = fixture();
    const path = `/api/explorations/${seedFolder(OLDER)}/refresh`;
    const first = await app.request(path, post({ max_cost_usd: 1.5, depth: "deep" }));
    expect(first.status).toBe(202);
    const job = (await first.json()) as Job;
    expect(jobs.get(job.job_id)?.payload).toMatchObject({
      request: { idea: OLDER.idea, mode: "exploration", maxCostUsd: 1.5, depth: "deep" },
    });
    const second = await app.request(path, post({}));
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ job_id: job.job_id, duplicate_of_job: true });
  });

  it("answers a retried Idempotency-Key with its job, and refuses the key for another folder", async () => {
    const { app } = fixture();
    const key = { "Idempotency-Key": "refresh-1" };
    const path = `/api/explorations/${seedFolder(OLD)}/refresh`;
    const first = (await (await app.request(path, post({}, key))).json()) as Job;
    const again = await app.request(path, post({}, key));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ job_id: first.job_id, idempotent_replay: true });
    const other = await app.request(
      `/api/explorations/${seedFolder(OLDER)}/refresh`,
      post({}, key),
    );
    expect(other.status).toBe(422);
  });

  it("is 404 for an unknown folder, 400 for a bad body or folder, 405 for GET", async () => {
    const { app, jobs } = fixture();
    const missing = await app.request("/api/explorations/2026-01-01-nothing/refresh", post());
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "exploration_not_found" } });
    const folder = seedFolder(OLD);
    const unknownField = await app.request(
      `/api/explorations/${folder}/refresh`,
      post({ idea: "something else" }),
    );
    expect(unknownField.status).toBe(400);
    expect(await unknownField.json()).toMatchObject({
      error: { code: "invalid_request", message: expect.stringContaining('unknown field "idea"') },
    });
    const crossField = await app.request(
      `/api/explorations/${folder}/refresh`,
      post({ check_model: "claude-haiku-4-5" }),
    );
    expect(crossField.status).toBe(400);
    expect(await crossField.json()).toMatchObject({
      error: { details: [{ path: "check_claims" }] },
    });
    const escaping = await app.request("/api/explorations/a%2F..%2Fb/refresh", post());
    expect(escaping.status).toBe(400);
    // Without the JSON content type, as a form on another site could post it: refused, no job.
    const simple = await app.request(`/api/explorations/${folder}/refresh`, { method: "POST" });
    expect(simple.status).toBe(415);
    const get = await app.request(`/api/explorations/${folder}/refresh`);
    expect(get.status).toBe(405);
    expect(jobs.list({ limit: 10 }).jobs).toEqual([]);
  });
});

describe("POST /api/refresh", () => {
  it("queues one refresh per stale exploration, stalest first, at most limit", async () => {
    const { app, jobs } = fixture();
    const response = await app.request("/api/refresh", post({ limit: 1, max_cost_usd: 2 }));
    expect(response.status).toBe(202);
    const body = (await response.json()) as { jobs: (Job & { folder: string })[] };
    expect(body.jobs.map((j) => j.folder)).toEqual([seedFolder(OLDER)]);
    expect(body.jobs[0]).toMatchObject({ status: "pending", last_researched: "2026-01-10" });
    expect(jobs.get(body.jobs[0]!.job_id)?.payload).toMatchObject({
      request: { idea: OLDER.idea, update: true, refresh: true, maxCostUsd: 2 },
    });

    const all = (await (await app.request("/api/refresh", post({}))).json()) as {
      jobs: (Job & { folder: string })[];
    };
    // The 90-day default leaves the week-old one out; the one in flight answers with its job.
    expect(all.jobs.map((j) => [j.folder, j.duplicate_of_job ?? false])).toEqual([
      [seedFolder(OLDER), true],
      [seedFolder(OLD), false],
    ]);
    expect(jobs.list({ limit: 10 }).jobs).toHaveLength(2);
  });

  it("filters by mode, verdict and words, and answers 200 with no jobs when nothing is stale", async () => {
    const { app, jobs } = fixture();
    const verdict = await app.request("/api/refresh", post({ verdict: "pursue with changes" }));
    expect(
      ((await verdict.json()) as { jobs: { folder: string }[] }).jobs.map((j) => j.folder),
    ).toEqual([seedFolder(OLD)]);
    const none = await app.request("/api/refresh", post({ mode: "exploration", query: "bakery" }));
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ jobs: [] });
    const recent = await app.request("/api/refresh", post({ older_than_days: 365 }));
    expect(recent.status).toBe(200);
    expect(jobs.list({ limit: 10 }).jobs).toHaveLength(1);
  });

  it("refuses a bad body before choosing anything", async () => {
    const { app } = fixture();
    for (const body of [{ limit: 0 }, { older_than_days: "90" }, { force: true }]) {
      const response = await app.request("/api/refresh", post(body));
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});
