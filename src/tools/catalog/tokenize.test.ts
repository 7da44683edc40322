import { describe, expect, it } from "vitest";
import { SYNONYMS } from "./synonyms.ts";
import { tokenize } from "./tokenize.ts";

describe("tokenize", () => {
  it("splits camelCase, PascalCase acronyms and snake_case the same way", () => {
    expect(tokenize("getWeather")).toEqual(tokenize("get_weather"));
    expect(tokenize("parseHTMLPage")).toEqual(["pars", "html", "page"]);
    expect(tokenize("agentBrowserNavigate")).toEqual(["agent", "brows", "navigat"]);
  });

  it("brings inflections of one word together without merging different words", () => {
    const one = (w: string) => tokenize(w)[0];
    expect(new Set(["browser", "browse", "browsing", "browsers"].map(one)).size).toBe(1);
    expect(new Set(["execute", "executes", "execution", "executing"].map(one)).size).toBe(1);
    expect(new Set(["calculate", "calculator", "calculation"].map(one)).size).toBe(1);
    expect(one("news")).not.toBe(one("new"));
    expect(one("status")).toBe("status");
  });

  it("drops filler words and single letters, keeps numbers", () => {
    expect(tokenize("What's the weather in 2025?")).toEqual(["weath", "2025"]);
    expect(tokenize("please use a tool to")).toEqual([]);
  });

  it("builds symmetric synonym groups over stemmed words", () => {
    expect(SYNONYMS.get("brows")).toContain("web");
    expect(SYNONYMS.get("web")).toContain("brows");
    expect(SYNONYMS.get("web")).not.toContain("web");
  });
});
