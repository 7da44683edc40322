import { describe, expect, it } from "vitest";
import type { ResearchSnapshot } from "../../store/research-store.ts";
import { refreshRequestFor, staleExplorations } from "./stale-explorations.ts";

const NOW = new Date("2026-11-28T10:00:00Z");

function research(front: Record<string, unknown>, body = "# Idea\n\nText.") {
  const yaml = Object.entries(front)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join("\n");
  return `---\n${yaml}\n---\n\n${body}\n`;
}

function snapshot(files: Record<string, string>): ResearchSnapshot {
  return {
    listIdeaFolders: async () => Object.keys(files),
    readText: async (path) => files[path.replace(/^ideas\//, "").replace(/\/research\.md$/, "")],
  };
}

const store = snapshot({
  "2026-08-01-solar-dryer": research(
    { title: "Solar dryer", idea: "Solar dryer", mode: "business", date: "2026-08-01" },
    "# Solar dryer\n\n## Verdict\n\n**Pursue with changes**\n",
  ),
  // Old, but refreshed recently: its last research is the refresh.
  "2026-01-10-bike-repair": research({
    title: "Bike repair",
    idea: "Mobile bike repair",
    mode: "exploration",
    date: "2026-01-10",
    updated: "2026-03-01",
    refreshed: ["2026-05-01", "2026-11-20"],
  }),
  "2026-05-05-tea-club": research({
    title: "Tea club",
    idea: "Tea subscription club",
    mode: "exploration",
    date: "2026-05-05",
    updated: "2026-06-01",
  }),
  "2026-02-02-hand-written": "# No frontmatter\n",
});

describe("staleExplorations", () => {
  it("picks those last researched at least the age ago, stalest first, at most the limit", async () => {
    const all = await staleExplorations(store, { olderThanDays: 90, now: NOW });
    expect(all).toEqual([
      {
        folder: "2026-05-05-tea-club",
        idea: "Tea subscription club",
        mode: "exploration",
        lastResearched: "2026-06-01",
        ageDays: 180,
        verdict: null,
      },
      {
        folder: "2026-08-01-solar-dryer",
        idea: "Solar dryer",
        mode: "business",
        lastResearched: "2026-08-01",
        ageDays: 119,
        verdict: "Pursue with changes",
      },
    ]);
    const one = await staleExplorations(store, { olderThanDays: 90, now: NOW, limit: 1 });
    expect(one.map((e) => e.folder)).toEqual(["2026-05-05-tea-club"]);
    const recent = await staleExplorations(store, { olderThanDays: 0, now: NOW });
    expect(recent.at(-1)).toMatchObject({ folder: "2026-01-10-bike-repair", ageDays: 8 });
  });

  it("filters by mode, verdict, folder and words of the idea or title", async () => {
    const q = { olderThanDays: 0, now: NOW };
    const folders = async (extra: object) =>
      (await staleExplorations(store, { ...q, ...extra })).map((e) => e.folder);
    expect(await folders({ mode: "business" })).toEqual(["2026-08-01-solar-dryer"]);
    expect(await folders({ verdict: "pursue WITH changes" })).toEqual(["2026-08-01-solar-dryer"]);
    expect(await folders({ verdict: "Pursue" })).toEqual([]);
    expect(await folders({ folder: "ideas/2026-05-05-tea-club" })).toEqual(["2026-05-05-tea-club"]);
    expect(await folders({ query: "BIKE repair" })).toEqual(["2026-01-10-bike-repair"]);
  });
});

describe("refreshRequestFor", () => {
  it("asks for the exploration's own idea and mode as a refresh, with the caller's limits", () => {
    const [e] = [
      {
        folder: "f",
        idea: "Tea subscription club",
        mode: "exploration" as const,
        lastResearched: "2026-06-01",
        ageDays: 180,
        verdict: null,
      },
    ];
    const request = refreshRequestFor(e, { maxCostUsd: 2, force: true, mode: "business" });
    expect(request).toMatchObject({
      idea: "Tea subscription club",
      mode: "exploration",
      update: true,
      refresh: true,
      force: false,
      maxCostUsd: 2,
    });
  });
});
