import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "./catalog-entry.ts";
import { buildSynonyms, queryTerms, relatedWords, SYNONYMS } from "./synonyms.ts";
import { tokenize } from "./tokenize.ts";
import { createToolCatalog } from "./tool-catalog.ts";

const stemOf = (word: string) => tokenize(word)[0] ?? "";
const related = (a: string, b: string) => relatedWords(stemOf(a)).includes(stemOf(b));

function entry(name: string, description: string): CatalogEntry {
  return { name, category: "General", description, parameters: "none", usage: "", core: false };
}

describe("synonym groups", () => {
  it("relate the common agent-task verbs to each other, in both directions", () => {
    const pairs: [string, string][] = [
      ["get", "fetch"],
      ["retrieve", "download"],
      ["open", "read"],
      ["look", "search"],
      ["find", "query"],
      ["make", "create"],
      ["add", "new"],
      ["remove", "delete"],
      ["enumerate", "list"],
      ["modify", "update"],
      ["change", "edit"],
      ["notify", "send"],
      ["post", "send"],
      ["meeting", "calendar"],
      ["schedule", "appointment"],
    ];
    for (const [a, b] of pairs) {
      expect(related(a, b), `${a} ~ ${b}`).toBe(true);
      expect(related(b, a), `${b} ~ ${a}`).toBe(true);
    }
  });

  it("keep unrelated words apart and never relate a word to itself", () => {
    expect(related("delete", "create")).toBe(false);
    expect(related("weather", "email")).toBe(false);
    // "drawing" would stem to "draw" and tie every image tool to a request to draw something.
    expect(related("draw", "image")).toBe(false);
    expect(related("draw", "generate")).toBe(true);
    for (const [word, others] of SYNONYMS) expect(others).not.toContain(word);
  });

  it("do not drift: ambiguous words and look-alikes lead nowhere they do not mean", () => {
    // Seen on ToolLens: "United States" matched units, "Arab" every language, "forecast" snow,
    // an IP address places on a map, a zip code programs, a business busy calendar slots.
    expect(related("united", "unit")).toBe(false);
    expect(related("united", "mile")).toBe(false);
    expect(related("arab", "french")).toBe(false);
    expect(related("english", "spanish")).toBe(false);
    expect(related("forecast", "snow")).toBe(false);
    expect(related("address", "location")).toBe(false);
    expect(related("code", "script")).toBe(false);
    expect(related("business", "available")).toBe(false);
    expect(related("market", "stock")).toBe(false);
    expect(related("store", "save")).toBe(false);
    expect(related("records", "audio")).toBe(false);
    expect(related("page", "web")).toBe(false);
  });

  it("lead one way in topic groups: a specific word finds the general one, not the reverse", () => {
    expect(related("rain", "weather")).toBe(true);
    expect(related("snow", "forecast")).toBe(true);
    expect(related("weather", "rain")).toBe(false);
    expect(related("spanish", "language")).toBe(true);
    expect(related("language", "spanish")).toBe(false);
    expect(related("kilometers", "unit")).toBe(true);
    expect(related("script", "code")).toBe(true);
    expect(related("recording", "audio")).toBe(true);
    expect(buildSynonyms(["a1 b1 > c1"])).toEqual(
      new Map([
        ["a1", ["c1"]],
        ["b1", ["c1"]],
      ]),
    );
  });

  it("hold stemmed words, so every inflection of a word finds the group", () => {
    expect(relatedWords(stemOf("deleting"))).toEqual(relatedWords(stemOf("delete")));
    expect(relatedWords(stemOf("meetings"))).toContain(stemOf("calendar"));
  });
});

describe("queryTerms", () => {
  it("rewrites phrasal verbs to their meaning, with or without a pronoun in between", () => {
    expect(queryTerms("call off the standup")).toEqual(tokenize("cancel standup"));
    expect(queryTerms("I finished it, cross it off")).toContain(stemOf("complete"));
    expect(queryTerms("look up the capital of Peru")).toEqual(tokenize("search capital Peru"));
    expect(queryTerms("get rid of the draft")).toEqual(tokenize("delete draft"));
  });

  it("leaves the words alone when the particle does not follow or the pair is ambiguous", () => {
    expect(queryTerms("call my mother")).toEqual(tokenize("call mother"));
    expect(queryTerms("look at the logs")).toEqual(tokenize("look logs"));
    expect(queryTerms("what does the sign in the photo say")).toEqual(
      tokenize("sign in photo say"),
    );
  });
});

describe("request framing and URL fragments", () => {
  it("searches a request without the words that frame it", () => {
    expect(
      queryTerms("I'm planning a trip; please provide specific information including flights"),
    ).toEqual(tokenize("trip flights"));
    expect(queryTerms("read https://www.example.com/pricing")).toEqual(
      tokenize("read example pricing"),
    );
  });

  it("keeps them when they are all the query has", () => {
    expect(queryTerms("plan")).toEqual(tokenize("plan"));
  });

  it("no longer finds units for the United States (a drifting stem and synonym)", () => {
    const catalog = createToolCatalog([
      entry("unit_convert", "Convert a value between units: miles, kilometers, pounds."),
      entry("country_facts", "Population and capital of a country or state."),
    ]);
    expect(catalog.search("United States population").map((e) => e.name)).toEqual([
      "country_facts",
    ]);
    expect(catalog.search("how many kilometers is 26 miles")[0]?.name).toBe("unit_convert");
  });
});

describe("query expansion in ranking", () => {
  const catalog = createToolCatalog([
    entry("remover", "Delete a record permanently."),
    entry("eraser", "Erase a record permanently."),
    entry("maker", "Create a record."),
  ]);

  it("finds a tool through a synonym of the query word", () => {
    expect(catalog.search("remove record").map((e) => e.name)).toContain("remover");
    expect(
      catalog
        .search("discard")
        .map((e) => e.name)
        .sort(),
    ).toEqual(["eraser", "remover"]);
  });

  it("ranks a direct match above a synonym match, and says the synonym covers less", () => {
    const hits = catalog.searchScored("erase");
    expect(hits.map((h) => h.entry.name)).toEqual(["eraser", "remover"]);
    expect(hits[0]?.coverage).toBe(1);
    expect(hits[1]?.coverage).toBeLessThan(1);
  });
});
