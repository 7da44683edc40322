import { describe, expect, it } from "vitest";
import {
  SEED_003_CORE,
  SEED_003_METADATA,
  seed003Tools,
} from "../../../test/fixtures/seed-003-tools.ts";
import type { CatalogEntry } from "./catalog-entry.ts";
import { catalogEntriesFromToolSet } from "./catalog-from-tool-set.ts";
import { createToolCatalog } from "./tool-catalog.ts";

const seedCatalog = () =>
  createToolCatalog(
    catalogEntriesFromToolSet(seed003Tools(), { metadata: SEED_003_METADATA, core: SEED_003_CORE }),
  );
const names = (entries: CatalogEntry[]) => entries.map((e) => e.name);

function entry(name: string, extra: Partial<CatalogEntry> = {}): CatalogEntry {
  return {
    name,
    category: "General",
    description: "Does things.",
    parameters: "none",
    usage: `${name}()`,
    core: false,
    ...extra,
  };
}

describe("seed 003 verification queries", () => {
  it('"browser" returns the four agent-browser tools and browseWeb (in any order, as seed 003 asks)', () => {
    const found = names(seedCatalog().search("browser", { limit: 5 }));
    expect(found.sort()).toEqual([
      "agentBrowserClose",
      "agentBrowserExtract",
      "agentBrowserInteract",
      "agentBrowserNavigate",
      "browseWeb",
    ]);
  });

  it('"code" finds executeCode first and "weather" finds getWeather first', () => {
    const catalog = seedCatalog();
    expect(names(catalog.search("code"))[0]).toBe("executeCode");
    expect(names(catalog.search("weather"))[0]).toBe("getWeather");
  });
});

describe("ranking", () => {
  it("answers multi-word and paraphrased queries the whole-query substring match misses", () => {
    const catalog = seedCatalog();
    expect(names(catalog.search("run python script"))[0]).toBe("executeCode");
    expect(names(catalog.search("click a button on the page"))[0]).toBe("agentBrowserInteract");
    expect(names(catalog.search("read the text of an article at a url")).slice(0, 2)).toContain(
      "browseWeb",
    );
    expect(names(catalog.search("is it going to rain in Oslo"))[0]).toBe("getWeather");
  });

  it("puts an exact name match first, then exact category matches", () => {
    const catalog = createToolCatalog([
      entry("web_search", { description: "Search the web for pages about a topic." }),
      entry("web_fetch", { description: "Fetch a web page by URL.", category: "Web" }),
      entry("fetch", {
        description: "Fetch anything; web, web, web search search.",
        category: "Web",
      }),
    ]);
    expect(names(catalog.search("web_search"))[0]).toBe("web_search");
    expect(names(catalog.search("webSearch"))[0]).toBe("web_search");
    expect(names(catalog.search("web")).slice(0, 2).sort()).toEqual(["fetch", "web_fetch"]);
  });

  it("matches a name exactly as typed, before phrasal verbs are rewritten", () => {
    const catalog = createToolCatalog([
      entry("search", { description: "Search everything; search, search and search again." }),
      entry("look_up", { description: "Look a word up in the dictionary." }),
    ]);
    expect(names(catalog.search("look up"))[0]).toBe("look_up");
    expect(names(catalog.search("look up a word"))).toEqual(["look_up", "search"]);
  });

  it("matches aliases like names, and parameter names weakly", () => {
    const catalog = createToolCatalog([
      entry("web_fetch", { aliases: ["browse"], description: "Fetch a URL's text." }),
      entry("converter", { description: "Convert values.", parameters: "celsius (number)" }),
      entry("other", { description: "Unrelated." }),
    ]);
    expect(names(catalog.search("browse"))).toEqual(["web_fetch"]);
    expect(names(catalog.search("celsius"))).toEqual(["converter"]);
  });

  it("orders ties by name whatever the catalog order, and never returns non-matches", () => {
    const tied = ["delta", "alpha", "charlie", "bravo"].map((n) =>
      entry(n, { description: "Sends a fax." }),
    );
    const a = createToolCatalog(tied);
    const b = createToolCatalog([...tied].reverse());
    expect(names(a.search("fax", { limit: 10 }))).toEqual(["alpha", "bravo", "charlie", "delta"]);
    expect(names(b.search("fax", { limit: 10 }))).toEqual(names(a.search("fax", { limit: 10 })));
    expect(a.search("submarine")).toEqual([]);
    expect(a.search("  the of  ")).toEqual([]);
  });

  it("returns at most `limit` results and rejects a bad limit with one line", () => {
    const catalog = seedCatalog();
    expect(catalog.search("browser", { limit: 2 })).toHaveLength(2);
    expect(() => catalog.search("browser", { limit: 0 })).toThrow(
      "tool catalog: limit must be a positive integer, got 0",
    );
  });

  it("keeps the best `limit` of a long query's matches in the same order as a full ranking", () => {
    const catalog = createToolCatalog(
      Array.from({ length: 60 }, (_, i) =>
        entry(`tool_${String(i).padStart(2, "0")}`, {
          description: `Reads ${["pages", "files", "mail"][i % 3]} and ${["maps", "files"][i % 2]}.`,
          category: i % 5 === 0 ? "Files" : "General",
        }),
      ),
    );
    const request = "I need to read my files and mail, then look at maps of the pages. ".repeat(8);
    const all = names(catalog.search(request, { limit: 60 }));
    expect(all.length).toBe(60);
    for (const limit of [1, 5, 10, 59]) {
      expect(names(catalog.search(request, { limit }))).toEqual(all.slice(0, limit));
    }
    expect(names(catalog.search("files", { limit: 3 }))).toEqual(
      names(catalog.search("files", { limit: 60 })).slice(0, 3),
    );
  });

  it("reports coverage: 1 when every query word matched, lower when some did not", () => {
    const catalog = seedCatalog();
    expect(catalog.searchScored("weather")[0]?.coverage).toBe(1);
    const partial = catalog.searchScored("weather submarine")[0];
    expect(partial?.entry.name).toBe("getWeather");
    expect(partial?.coverage).toBeLessThan(0.6);
  });
});

describe("catalog", () => {
  it("exposes entries, categories in first-seen order, and lookup by name", () => {
    const catalog = seedCatalog();
    expect(catalog.entries).toHaveLength(11);
    expect(catalog.categories()).toEqual([
      "Documents",
      "Planning",
      "Discovery",
      "Browser Automation",
      "Web Content",
      "Code Execution",
      "Utility",
    ]);
    expect(catalog.get("getWeather")?.category).toBe("Utility");
    expect(catalog.get("nope")).toBeUndefined();
  });

  it("refuses duplicate names and entries without a category", () => {
    expect(() => createToolCatalog([entry("a"), entry("a")])).toThrow(
      'tool catalog: "a" is listed twice',
    );
    expect(() => createToolCatalog([entry("a", { category: " " })])).toThrow(
      'tool catalog: "a" needs a category',
    );
  });
});
