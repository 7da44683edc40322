/**
 * GET /api/explorations by staleness: each exploration's last research day, age, refreshes and
 * changed mark, `sort=stalest` and `older_than_days`, paged with cursors that hold the order.
 */
import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";
import type { ResearchSnapshot } from "../store/research-store.ts";
import { explorationListSchema } from "./routes/exploration-schemas.ts";

const NOW = Date.parse("2026-06-30T12:00:00Z");

const research = (front: string, body: string) =>
  `---\n${front}\nfingerprint: "0000000000000000"\n---\n\n${body}\n\n## Sources\n\n_No web pages were retrieved for this research._\n`;
const business = (title: string, date: string, extra = "") =>
  research(
    `title: ${title}\nidea: ${title}\nmode: business\ndate: ${date}${extra}`,
    `# ${title}\n\n## Verdict\n\n**Pursue**\n`,
  );

const FILES: Record<string, string> = {
  "ideas/2026-01-10-old-market/research.md": business("Old market", "2026-01-10"),
  // Refreshed twice, the verdict changed by the latest refresh.
  "ideas/2026-02-01-cafe/research.md": business(
    "Cafe",
    "2026-02-01",
    "\nupdated: 2026-06-20\nrefreshed:\n  - 2026-03-15\n  - 2026-06-20",
  ),
  "ideas/2026-02-01-cafe/exploration-log.json": JSON.stringify([
    { steps: 2 },
    { steps: 2, isUpdate: true, refresh: { previousDate: "2026-02-01", verdictChanged: false } },
    {
      steps: 2,
      isUpdate: true,
      refresh: {
        previousDate: "2026-03-15",
        verdictBefore: "Do not pursue",
        verdictAfter: "Pursue",
        verdictChanged: true,
        newSources: 2,
      },
    },
  ]),
  // Refreshed once, nothing changed.
  "ideas/2026-03-01-kiosk/research.md": business("Kiosk", "2026-03-01"),
  "ideas/2026-03-01-kiosk/exploration-log.json": JSON.stringify([
    { steps: 1, refresh: { previousDate: "2026-01-01", verdictChanged: false } },
  ]),
  // Updated (no refresh): the update's day counts.
  "ideas/2025-12-01-updated/research.md": business("Updated", "2025-12-01").replace(
    "## Sources",
    "## Update - 2026-04-01\n\n### What changed\n\nPrices.\n\n## Sources",
  ),
  "ideas/2026-05-01-ferry/research.md": research(
    "title: Ferry\nidea: Ferry\nmode: exploration\ndate: 2026-05-01",
    "# Ferry\n\n## Commuters\n\na\n\n## Tourists\n\nb\n",
  ),
  "ideas/2026-06-25-new/research.md": business("New", "2026-06-25"),
  "ideas/notes/research.md": "# Notes by hand\n\nNo date anywhere.\n",
};

const STALEST = [
  "2026-01-10-old-market",
  "2026-03-01-kiosk",
  "2025-12-01-updated",
  "2026-05-01-ferry",
  "2026-02-01-cafe",
  "2026-06-25-new",
  "notes",
];

function memoryStore(files: Record<string, string>, reads: string[] = []): ResearchSnapshot {
  return {
    listIdeaFolders: async () => [
      ...new Set(Object.keys(files).map((path) => path.split("/")[1] as string)),
    ],
    readText: async (path) => {
      reads.push(path);
      return files[path];
    },
  };
}

function app(files = FILES, reads: string[] = []) {
  return createServiceFixture({
    auth: { tokens: [] },
    ideas: memoryStore(files, reads),
    now: () => NOW,
  }).app;
}

async function getJson(
  a: ReturnType<typeof app>,
  url: string,
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
): Promise<{ status: number; body: any }> {
  const response = await a.request(url);
  return { status: response.status, body: await response.json() };
}

async function listAll(a: ReturnType<typeof app>, query: string): Promise<string[]> {
  const folders: string[] = [];
  let url = `/api/explorations?${query}`;
  for (let pages = 0; pages < 30; pages++) {
    const { status, body } = await getJson(a, url);
    expect(status).toBe(200);
    explorationListSchema.parse(body);
    folders.push(...body.explorations.map((e: { folder: string }) => e.folder));
    if (!body.next_cursor) return folders;
    url = `/api/explorations?${query}&cursor=${encodeURIComponent(body.next_cursor)}`;
  }
  throw new Error("the listing never ended");
}

describe("GET /api/explorations by staleness", () => {
  it("says when each was last researched, how long ago, its refreshes and whether one changed it", async () => {
    const { body } = await getJson(app(), "/api/explorations?limit=100");
    const by = Object.fromEntries(body.explorations.map((e: { folder: string }) => [e.folder, e]));
    expect(by["2026-02-01-cafe"]).toMatchObject({
      date: "2026-02-01",
      refreshed: ["2026-03-15", "2026-06-20"],
      last_researched: "2026-06-20",
      age_days: 10,
      changed: true,
    });
    // A refresh that changed nothing is no changed mark.
    expect(by["2026-03-01-kiosk"]).toMatchObject({ age_days: 121, changed: false, refreshed: [] });
    expect(by["2025-12-01-updated"]).toMatchObject({
      last_researched: "2026-04-01",
      age_days: 90,
    });
    expect(by.notes).toMatchObject({ last_researched: null, age_days: null, changed: false });
    const one = await getJson(app(), "/api/explorations/2026-02-01-cafe");
    expect(one.body).toMatchObject({ age_days: 10, changed: true });
  });

  it("sorts stalest first (the undated last) and pages it with cursors, nothing twice or left out", async () => {
    const a = app();
    for (const limit of [1, 2, 3, 100]) {
      expect(await listAll(a, `sort=stalest&limit=${limit}`)).toEqual(STALEST);
    }
    // The default order is unchanged: newest first by the folder's date.
    expect((await listAll(a, "limit=3"))[0]).toBe("2026-06-25-new");
  });

  it("keeps those researched at least older_than_days ago, in either order", async () => {
    const a = app();
    const old = ["2026-01-10-old-market", "2026-03-01-kiosk", "2025-12-01-updated"];
    for (const limit of [1, 2, 100]) {
      expect(await listAll(a, `sort=stalest&older_than_days=90&limit=${limit}`)).toEqual(old);
      expect(await listAll(a, `older_than_days=90&limit=${limit}`)).toEqual([
        "2026-03-01-kiosk",
        "2026-01-10-old-market",
        "2025-12-01-updated",
      ]);
    }
    expect(await listAll(a, "sort=stalest&older_than_days=91&mode=business")).toEqual(
      old.slice(0, 2),
    );
    // 0 days: every exploration with a known age.
    expect(await listAll(a, "older_than_days=0&sort=stalest")).toEqual(STALEST.slice(0, -1));
  });

  it("never reads a folder too new to be old enough (research began on its name's day)", async () => {
    const reads: string[] = [];
    await getJson(app(FILES, reads), "/api/explorations?older_than_days=90&sort=stalest");
    expect(reads.filter((r) => r.includes("ferry") || r.includes("-new/"))).toEqual([]);
    expect(reads).toContain("ideas/2026-02-01-cafe/research.md");
  });

  it("reads research.md stalest first only as far as the page needs, and the page's logs only", async () => {
    const files: Record<string, string> = {};
    for (let day = 1; day <= 28; day++) {
      const date = `2026-02-${String(day).padStart(2, "0")}`;
      files[`ideas/${date}-idea/research.md`] = business(`Idea ${day}`, date);
    }
    const reads: string[] = [];
    const { body } = await getJson(app(files, reads), "/api/explorations?sort=stalest&limit=2");
    expect(body.explorations.map((e: { folder: string }) => e.folder)).toEqual([
      "2026-02-01-idea",
      "2026-02-02-idea",
    ]);
    expect(reads.filter((r) => r.endsWith("research.md"))).toHaveLength(8);
    expect(reads.filter((r) => r.endsWith(".json"))).toEqual([
      "ideas/2026-02-01-idea/exploration-log.json",
      "ideas/2026-02-02-idea/exploration-log.json",
    ]);
    expect(await listAll(app(files), "sort=stalest&limit=5")).toHaveLength(28);
  });

  it("orders a search's matches stalest first when asked", async () => {
    const { body } = await getJson(app(), "/api/explorations?q=kiosk%20cafe%20market&sort=stalest");
    const folders = body.explorations.map((e: { folder: string }) => e.folder);
    expect(folders).toEqual(STALEST.filter((f) => folders.includes(f)));
    expect(folders.length).toBeGreaterThan(1);
    const old = await getJson(
      app(),
      "/api/explorations?q=kiosk%20cafe%20market&older_than_days=100",
    );
    expect(old.body.explorations.map((e: { folder: string }) => e.folder).sort()).toEqual([
      "2026-01-10-old-market",
      "2026-03-01-kiosk",
    ]);
  });

  it("refuses an unknown sort, a negative age, and a cursor of another order", async () => {
    const a = app();
    const sort = await getJson(a, "/api/explorations?sort=oldest");
    expect(sort.status).toBe(400);
    expect(sort.body.error.code).toBe("invalid_query");
    expect(sort.body.error.message).toContain("sort");
    const age = await getJson(a, "/api/explorations?older_than_days=-1");
    expect(age.status).toBe(400);
    expect(age.body.error.message).toContain("older_than_days");
    const stale = await getJson(a, "/api/explorations?sort=stalest&limit=1");
    const other = await getJson(
      a,
      `/api/explorations?limit=1&cursor=${encodeURIComponent(stale.body.next_cursor)}`,
    );
    expect(other.status).toBe(400);
    expect(other.body.error.details).toEqual([expect.objectContaining({ path: "cursor" })]);
  });
});
