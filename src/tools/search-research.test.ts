import { afterEach, describe, expect, it } from "vitest";
import { CountingStore } from "../../test/fakes/counting-store.ts";
import { driveTool } from "../../test/helpers/drive-tool.ts";
import { makeTempTree, type TempTree } from "../../test/helpers/temp-tree.ts";
import { LocalStore } from "../store/local-store.ts";
import type { ResearchStore } from "../store/research-store.ts";
import { createReadResearchTool } from "./read-research.ts";
import {
  createSearchResearchTool,
  SEARCH_RESEARCH_TOOL_NAME,
  type SearchResearchOutput,
  type SearchResearchToolOptions,
} from "./search-research.ts";
import type { ToolCallLog } from "./tool-call-log.ts";
import { createToolExecutor } from "./tool-executor.ts";

function research(fields: {
  title: string;
  idea: string;
  date: string;
  mode: string;
  extra?: string;
}) {
  return [
    "---",
    `title: ${JSON.stringify(fields.title)}`,
    `idea: ${JSON.stringify(fields.idea)}`,
    `mode: ${fields.mode}`,
    "model: claude-sonnet-4-5",
    `date: ${fields.date}`,
    "fingerprint: 0123456789abcdef",
    "sources: 2",
    fields.extra ?? "",
    "---",
    "",
    "# Report",
    "",
    "Body text about kittens that must not be searched.",
    "",
  ].join("\n");
}

let tree: TempTree | undefined;
afterEach(() => tree?.cleanup());

/** A plain ideas folder holding `files`, each exploration completed (its log written last). */
async function storeWith(files: Record<string, string>): Promise<CountingStore> {
  const completed = Object.fromEntries(
    Object.keys(files)
      .filter((file) => file.endsWith("/research.md"))
      .map((file) => [file.replace(/research\.md$/, "exploration-log.json"), "[]\n"]),
  );
  tree = await makeTempTree({ files: { ...files, ...completed } });
  return new CountingStore(new LocalStore({ root: tree.dir }));
}

async function search(
  store: ResearchStore,
  query: string,
  options: Partial<SearchResearchToolOptions> = {},
) {
  const logs: ToolCallLog[] = [];
  const tools = {
    [SEARCH_RESEARCH_TOOL_NAME]: createSearchResearchTool({
      store,
      onToolCall: (l) => logs.push(l),
      ...options,
    }),
  };
  const call = await driveTool(tools, SEARCH_RESEARCH_TOOL_NAME, { query });
  return {
    call,
    logs,
    output:
      call.part.type === "tool-result" ? (call.part.output as SearchResearchOutput) : undefined,
  };
}

const IDEAS = {
  "ideas/2025-03-01-solar-food-dryer/research.md": research({
    title: "Solar dryers for smallholder farms",
    idea: "A solar food dryer for smallholder farmers",
    date: "2025-03-01",
    mode: "business",
  }),
  "ideas/2026-01-15-uber-for-dogs/research.md": research({
    title: "Dog walking marketplace",
    idea: "Uber for dogs",
    date: "2026-01-15",
    mode: "exploration",
    extra: "tags: [pets, gig economy]",
  }),
  "ideas/2026-02-02-cafe-loyalty/research.md": research({
    title: "Café loyalty cards on phones",
    idea: "Loyalty stamps for independent cafés",
    date: "2026-02-02",
    mode: "business",
  }),
  "ideas/2024-12-31-handwritten/research.md":
    "# Notes on vertical farming\n\nNo frontmatter here.\n",
  "ideas/2026-03-03-no-file-yet/notes.txt": "solar",
};

describe("search_research", () => {
  it("finds research by words of its idea and title, in any order, with paths read_research accepts", async () => {
    const store = await storeWith(IDEAS);
    const { output, logs, call } = await search(store, "farmers dryer solar");
    // "farmers" also meets "farming" (same stem): a weaker match, ranked after the full one.
    expect(output?.results).toEqual([
      {
        path: "2025-03-01-solar-food-dryer/research.md",
        title: "Solar dryers for smallholder farms",
        idea: "A solar food dryer for smallholder farmers",
        date: "2025-03-01",
        mode: "business",
      },
      expect.objectContaining({ path: "2024-12-31-handwritten/research.md" }),
    ]);
    expect(logs).toEqual([
      expect.objectContaining({
        name: "search_research",
        query: "farmers dryer solar",
        ok: true,
        resultCount: 2,
      }),
    ]);
    expect(call.modelSaw).toContain("path: 2025-03-01-solar-food-dryer/research.md");

    const read = createReadResearchTool(createToolExecutor(store), { log: () => {} });
    const opened = await driveTool({ read_research: read }, "read_research", {
      path: output?.results[0]?.path,
    });
    expect(opened.part.type === "tool-result" && (opened.part.output as { ok: boolean }).ok).toBe(
      true,
    );
  });

  it("matches the folder slug, other frontmatter values, and accents loosely; never the body", async () => {
    const store = await storeWith(IDEAS);
    expect((await search(store, "uber")).output?.results.map((r) => r.path)).toEqual([
      "2026-01-15-uber-for-dogs/research.md",
    ]);
    expect((await search(store, "gig economy pets")).output?.results[0]?.title).toBe(
      "Dog walking marketplace",
    );
    expect((await search(store, "cafe")).output?.results[0]?.title).toBe(
      "Café loyalty cards on phones",
    );
    expect((await search(store, "kittens")).output?.results).toEqual([]);
  });

  it("titles hand-written research by its first heading and dates it by its folder", async () => {
    const store = await storeWith(IDEAS);
    expect((await search(store, "vertical farming")).output?.results[0]).toEqual({
      path: "2024-12-31-handwritten/research.md",
      title: "Notes on vertical farming",
      idea: "",
      date: "2024-12-31",
      mode: "",
    });
  });

  it("ranks first by how many query words match", async () => {
    const store = await storeWith(IDEAS);
    const { output } = await search(store, "business loyalty");
    expect(output?.results.map((r) => r.path)).toEqual([
      "2026-02-02-cafe-loyalty/research.md",
      "2025-03-01-solar-food-dryer/research.md",
    ]);
  });

  it("ranks the same number of matched words by weight: title or idea, folder name, other frontmatter", async () => {
    // One query word each, met in fields of falling weight; newest last, so the dates alone
    // would give the opposite order.
    const store = await storeWith({
      "ideas/2023-04-04-paper-crafts/research.md": research({
        title: "Paper lantern kits",
        idea: "Craft kits for children",
        date: "2023-04-04",
        mode: "business",
      }),
      "ideas/2024-05-05-lantern-night-market/research.md": research({
        title: "Evening market stalls",
        idea: "A night market for makers",
        date: "2024-05-05",
        mode: "business",
      }),
      "ideas/2025-06-06-garden-lights/research.md": research({
        title: "Garden lights",
        idea: "Solar lights for gardens",
        date: "2025-06-06",
        mode: "business",
        extra: "tags: [lantern]",
      }),
    });
    const { output } = await search(store, "lantern");
    expect(output?.results.map((r) => r.path)).toEqual([
      "2023-04-04-paper-crafts/research.md",
      "2024-05-05-lantern-night-market/research.md",
      "2025-06-06-garden-lights/research.md",
    ]);
  });

  it("ranks the same matched words and weight newest first", async () => {
    // Each title holds the word; the folder names sort oldest first, so the date decides.
    const store = await storeWith({
      "ideas/2024-01-10-kite-festival/research.md": research({
        title: "Kite festival",
        idea: "A beach festival",
        date: "2024-01-10",
        mode: "exploration",
      }),
      "ideas/2026-02-14-kite-lessons/research.md": research({
        title: "Kite lessons",
        idea: "Weekend lessons",
        date: "2026-02-14",
        mode: "exploration",
      }),
      "ideas/2025-08-20-kite-repair/research.md": research({
        title: "Kite repair",
        idea: "A repair shop",
        date: "2025-08-20",
        mode: "exploration",
      }),
    });
    const { output } = await search(store, "kite");
    expect(output?.results.map((r) => r.date)).toEqual(["2026-02-14", "2025-08-20", "2024-01-10"]);
  });

  it("says plainly when nothing matches", async () => {
    const store = await storeWith(IDEAS);
    const { output, call } = await search(store, "quantum teleportation");
    expect(output).toEqual({
      query: "quantum teleportation",
      results: [],
      searched: 5,
      folders: 5,
    });
    expect(call.modelSaw).toBe('No earlier research matches "quantum teleportation".');
  });

  it("reads at most maxReads files on a big store: slug matches first, then the newest", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) {
      const day = `2025-01-${String((i % 28) + 1).padStart(2, "0")}`;
      files[`ideas/${day}-idea-number-${i}/research.md`] = research({
        title: `Idea ${i}`,
        idea: `idea ${i}`,
        date: day,
        mode: "business",
      });
    }
    files["ideas/2020-01-01-beekeeping-sensors/research.md"] = research({
      title: "Hive sensors",
      idea: "Sensors for beekeeping",
      date: "2020-01-01",
      mode: "business",
    });
    const store = await storeWith(files);
    const { output, call } = await search(store, "beekeeping", { maxReads: 20 });
    expect(output?.results.map((r) => r.title)).toEqual(["Hive sensors"]);
    expect(store.reads).toHaveLength(20);
    expect(store.reads[0]).toBe("ideas/2020-01-01-beekeeping-sensors/research.md");
    expect(call.modelSaw).toContain("matched the 20 most likely of 301 folders");
  });

  it("refuses a query of filler words, and an empty one through the schema", async () => {
    const store = await storeWith(IDEAS);
    const filler = await search(store, "the of and");
    expect(filler.call.modelSaw).toMatch(/^SearchResearchError: the query has no searchable words/);
    const empty = await search(store, "   ");
    expect(empty.call.part.type).toBe("tool-error");
    expect(empty.call.modelSaw).toContain("query must not be empty");
  });

  it("reports a store that fails every read with its safe message", async () => {
    const store = await storeWith(IDEAS);
    store.failReads = true;
    const { call, logs } = await search(store, "solar");
    expect(call.modelSaw).toBe(
      "SearchResearchError: the ideas repository could not be searched: GitHub rate limit reached; retry in 60 s",
    );
    expect(logs[0]).toMatchObject({ ok: false, errorType: "rate_limited" });
  });

  it("does not choke on hostile frontmatter (alias bombs, huge or broken YAML)", async () => {
    const bomb = [
      "---",
      'a: &a ["x","x","x","x","x"]',
      "b: &b [*a,*a,*a,*a,*a]",
      "c: [*b,*b,*b,*b,*b]",
      "title: bomb",
      "---",
      "# Bomb heading",
    ].join("\n");
    const store = await storeWith({
      "ideas/2026-01-01-bomb/research.md": bomb,
      "ideas/2026-01-02-broken/research.md": "---\ntitle: [unclosed\n---\n# Broken but titled\n",
    });
    expect((await search(store, "bomb")).output?.results[0]?.title).toBe("Bomb heading");
    expect((await search(store, "broken")).output?.results[0]?.title).toBe("Broken but titled");
  });
});
