import { describe, expect, it } from "vitest";
import {
  buildIndex,
  DEFAULT_RANKER_SETTINGS,
  type RankerProfile,
  type RankerSettings,
  rank,
} from "./bm25-index.ts";
import type { CatalogEntry } from "./catalog-entry.ts";

function entry(name: string, description: string, parameters = "none"): CatalogEntry {
  return { name, category: "General", description, parameters, usage: "", core: false };
}

const only = (field: "name" | "parameters"): RankerProfile => {
  const fields = { ...DEFAULT_RANKER_SETTINGS.phrase.fields };
  for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
    fields[key] = { weight: key === field ? 1 : 0, b: 0.5 };
  }
  return { ...DEFAULT_RANKER_SETTINGS.phrase, fields, synonymWeight: 0, prefixWeight: 0 };
};

describe("phrase and request profiles", () => {
  const entries = [
    entry("weather_now", "Conditions today."),
    entry("geo_point", "A point on the map.", "weather (string, required): a station"),
  ];
  const settings: RankerSettings = {
    phrase: only("name"),
    request: only("parameters"),
    requestTerms: 4,
  };
  const index = buildIndex(entries, settings);
  const top = (query: string) => rank(index, query).map((h) => h.entry.name);

  it("weighs a query of fewer words than requestTerms with the phrase profile", () => {
    expect(top("weather")).toEqual(["weather_now"]);
    expect(top("weather station data")).toEqual(["weather_now"]);
  });

  it("weighs a query of requestTerms words or more with the request profile", () => {
    expect(top("weather station data for Oslo harbour")).toEqual(["geo_point"]);
  });

  it("never returns an entry matched only in a field the profile does not weigh", () => {
    expect(top("map")).toEqual([]);
  });
});

describe("default settings", () => {
  it("switch to the request profile at six query words", () => {
    expect(DEFAULT_RANKER_SETTINGS.requestTerms).toBe(6);
  });
});
