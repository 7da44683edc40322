import { describe, expect, it } from "vitest";
import { evaluate, loadCatalog, loadQueries, TAGS } from "./evaluate.ts";
import { bm25Ranker, substringRanker } from "./rankers.ts";

const catalog = loadCatalog();
const labelled = loadQueries("queries.json");
const holdout = loadQueries("holdout.json");
const fresh = loadQueries("fresh.json");
const freshAfter = loadQueries("fresh-after.json");

describe("tool-search eval data", () => {
  it("has at least 150 tagged queries over at least 60 tools, naming only real tools", () => {
    const names = new Set(catalog.map((e) => e.name));
    expect(names.size).toBe(catalog.length);
    expect(catalog.length).toBeGreaterThanOrEqual(60);
    expect(labelled.length).toBeGreaterThanOrEqual(150);
    for (const tag of TAGS) expect(labelled.some((q) => q.tag === tag)).toBe(true);
    for (const q of [...labelled, ...holdout, ...fresh, ...freshAfter]) {
      expect(TAGS).toContain(q.tag);
      expect(q.expected.length > 0).toBe(q.tag !== "no-tool");
      for (const name of q.expected) expect(names).toContain(name);
    }
  });

  it("keeps the fresh sets blind: none of their queries repeats one of an earlier set", () => {
    const seen = new Set<string>();
    for (const set of [labelled, holdout, fresh, freshAfter]) {
      expect(set.filter((q) => seen.has(q.query.toLowerCase())).map((q) => q.query)).toEqual([]);
      for (const q of set) seen.add(q.query.toLowerCase());
    }
  });
});

describe("ranker quality (regressions fail here)", () => {
  const ours = evaluate(labelled, bm25Ranker(catalog));
  const seed = evaluate(labelled, substringRanker(catalog));

  it("meets Recall@5 >= 0.95 on the labelled set and beats seed 003's substring match", () => {
    expect(ours.overall.recallAt5).toBeGreaterThanOrEqual(0.95);
    expect(ours.overall.mrr).toBeGreaterThan(seed.overall.mrr);
    for (const tag of ["keyword", "paraphrase", "vague", "multi-tool"] as const) {
      expect(ours.byTag[tag]?.recallAt5).toBeGreaterThanOrEqual(seed.byTag[tag]?.recallAt5 ?? 0);
    }
  });

  it("rarely rates a first result confident for a query no tool can answer", () => {
    expect(ours.noTool.confident).toBeLessThanOrEqual(0.1);
  });

  it("holds up on queries written after the ranker was frozen", () => {
    const held = evaluate(holdout, bm25Ranker(catalog));
    expect(held.overall.recallAt5).toBeGreaterThanOrEqual(0.95);
  });

  it("holds up on the fresh user-phrased set, paraphrases included", () => {
    const blind = evaluate(fresh, bm25Ranker(catalog));
    expect(blind.overall.recallAt5).toBeGreaterThanOrEqual(0.8);
    expect(blind.byTag.paraphrase?.recallAt5).toBeGreaterThanOrEqual(0.75);
    expect(blind.noTool.confident).toBeLessThanOrEqual(0.2);
  });
});
