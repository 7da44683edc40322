import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  researchMarkdown,
  type SeedExploration,
  seedFolder,
} from "../../test/helpers/library-seed.ts";
import { queueExplore } from "../../test/helpers/queue-explore.ts";
import { openJobDatabase } from "../jobs/job-database.ts";
import { createJobRunner, defineWorkflow } from "../jobs/job-runner.ts";
import { openScheduleState } from "../jobs/schedule-state.ts";
import { staleExplorations } from "../research/refresh/stale-explorations.ts";
import type { ResearchSnapshot } from "../store/research-store.ts";
import { startRefreshSchedule } from "./refresh-schedule.ts";

const DAY = 86_400_000;
const START = new Date("2026-11-28T12:00:00Z");

const seeds: SeedExploration[] = [
  {
    idea: "Solar dryers for market stalls",
    title: "Solar dryers",
    mode: "business",
    date: "2026-03-01",
  },
  {
    idea: "Repair cafes with paid memberships",
    title: "Repair cafes",
    mode: "exploration",
    date: "2026-01-10",
  },
  { idea: "A bakery for dogs", title: "Dog bakery", mode: "business", date: "2026-11-20" },
];

const ideas: ResearchSnapshot = {
  listIdeaFolders: async () => seeds.map(seedFolder),
  readText: async (path) => {
    const seed = seeds.find((s) => path === `ideas/${seedFolder(s)}/research.md`);
    return seed && researchMarkdown(seed);
  },
};

/** The job database and its runner (never started: the test watches what is queued). */
function engine() {
  const db = openJobDatabase({ file: ":memory:" });
  const jobs = createJobRunner({
    db,
    workflows: { explore: defineWorkflow({ run: async () => null }) },
    logger: { error: () => {} },
  });
  const submit = queueExplore(jobs, (request) => ({ request }));
  return { db, jobs, submit };
}

function schedule(e: ReturnType<typeof engine>, log: string[] = []) {
  const findStale = vi.fn((q: Parameters<typeof staleExplorations>[1]) =>
    staleExplorations(ideas, q),
  );
  const running = startRefreshSchedule({
    settings: { everyMs: 7 * DAY, olderThanDays: 90, limit: 5, maxCostUsd: 2 },
    state: openScheduleState(e.db),
    findStale,
    submit: e.submit,
    log: (line) => log.push(line),
  });
  return { running, findStale, log };
}

const queued = (e: ReturnType<typeof engine>) =>
  e.jobs
    .list({ limit: 50 })
    .jobs.map((j) => (j.payload as { request: { idea: string } }).request.idea)
    .sort();

describe("serve's refresh schedule, on a fake clock", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it("after one period queues exactly the stale explorations, once, and nothing before the next", async () => {
    const e = engine();
    const { running, findStale, log } = schedule(e);

    await vi.advanceTimersByTimeAsync(7 * DAY - 60_000);
    expect(findStale).not.toHaveBeenCalled();
    expect(queued(e)).toEqual([]);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(findStale).toHaveBeenCalledTimes(1);
    expect(queued(e)).toEqual([
      "Repair cafes with paid memberships",
      "Solar dryers for market stalls",
    ]);
    for (const job of e.jobs.list({ limit: 50 }).jobs) {
      expect(job.payload).toMatchObject({
        request: { update: true, refresh: true, maxCostUsd: 2 },
      });
    }
    expect(log).toEqual([expect.stringContaining("queued 2 refreshes")]);

    await vi.advanceTimersByTimeAsync(7 * DAY - 60_000);
    expect(findStale).toHaveBeenCalledTimes(1);

    // The next period: the two still in flight answer with their jobs, nothing is queued twice.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(findStale).toHaveBeenCalledTimes(2);
    expect(queued(e)).toHaveLength(2);
    await running.stop();
  });

  it("a restart waits for the rest of the period instead of firing at once", async () => {
    const e = engine();
    const first = schedule(e);
    await vi.advanceTimersByTimeAsync(3 * DAY);
    await first.running.stop();

    const again = schedule(e);
    await vi.advanceTimersByTimeAsync(4 * DAY - 60_000);
    expect(again.findStale).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(again.findStale).toHaveBeenCalledTimes(1);
    await again.running.stop();
  });

  it("two schedules on one job database fire once between them", async () => {
    const e = engine();
    const one = schedule(e);
    const two = schedule(e);
    await vi.advanceTimersByTimeAsync(7 * DAY);
    expect(one.findStale.mock.calls.length + two.findStale.mock.calls.length).toBe(1);
    expect(queued(e)).toHaveLength(2);
    await Promise.all([one.running.stop(), two.running.stop()]);
  });

  it("the schedule's row is claimed by compare-and-swap: a process that read an older time does not fire", () => {
    const dir = mkdtempSync(join(tmpdir(), "schedule-state-"));
    try {
      const [a, b] = [0, 1].map(() => openScheduleState(openJobDatabase({ dataDir: dir })));
      const first = new Date(START.getTime());
      expect(a!.claim("refresh", undefined, first)).toBe(true);
      const seen = b!.lastAt("refresh");
      expect(seen).toEqual(first);
      const later = new Date(START.getTime() + 7 * DAY);
      expect(a!.claim("refresh", seen, later)).toBe(true);
      // b read the time before a fired: its claim fails, and it does not fire the period again.
      expect(b!.claim("refresh", seen, new Date(later.getTime() + 1))).toBe(false);
      expect(b!.lastAt("refresh")).toEqual(later);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a period longer than a timer can wait still fires on time", async () => {
    const e = engine();
    const findStale = vi.fn(async () => []);
    const running = startRefreshSchedule({
      settings: { everyMs: 60 * DAY, olderThanDays: 90, limit: 5, maxCostUsd: 2 },
      state: openScheduleState(e.db),
      findStale,
      submit: e.submit,
      log: () => {},
    });
    await vi.advanceTimersByTimeAsync(60 * DAY - 60_000);
    expect(findStale).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(findStale).toHaveBeenCalledTimes(1);
    await running.stop();
  });
});
