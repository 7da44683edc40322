import { describe, expect, it } from "vitest";
import { tokenize } from "./tokenize.ts";

describe("tokenize", () => {
  it("splits camelCase, PascalCase acronyms and snake_case the same way", () => {
    expect(tokenize("getWeather")).toEqual(tokenize("get_weather"));
    expect(tokenize("parseHTMLPage")).toEqual(["pars", "html", "page"]);
    expect(tokenize("agentBrowserNavigate")).toEqual(["agent", "brows", "navig"]);
  });

  it("brings inflections of one word together without merging different words", () => {
    const one = (w: string) => tokenize(w)[0];
    expect(new Set(["browse", "browsing", "browser", "browsers"].map(one)).size).toBe(1);
    expect(new Set(["farmers", "farming", "farm"].map(one)).size).toBe(1);
    expect(new Set(["planner", "planning", "plan"].map(one)).size).toBe(1);
    expect(new Set(["execute", "executes", "execution", "executing"].map(one)).size).toBe(1);
    expect(new Set(["calculate", "calculator", "calculation"].map(one)).size).toBe(1);
    expect(one("news")).not.toBe(one("new"));
    expect(one("status")).toBe("statu");
    expect(one("weather")).not.toBe(one("weak"));
    // Short words keep the "-er" Porter protects: "paper" is not "pap", "order" not "ord".
    expect(one("paper")).toBe("paper");
    expect(one("order")).toBe("order");
  });

  it("keeps apart the words Porter would merge with a different word", () => {
    const one = (w: string) => tokenize(w)[0];
    expect(one("United")).not.toBe(one("units"));
    expect(one("business")).not.toBe(one("busy"));
    expect(one("businesses")).toBe(one("business"));
    expect(one("excellent")).not.toBe(one("Excel"));
    expect(one("edition")).not.toBe(one("edit"));
    expect(one("general")).not.toBe(one("generate"));
    expect(one("publication")).not.toBe(one("public"));
    expect(one("records")).not.toBe(one("recording"));
    // Inflections still meet.
    expect(one("editing")).toBe(one("edit"));
    expect(one("generated")).toBe(one("generate"));
  });

  it("drops request filler, function words and single letters, keeps numbers", () => {
    expect(tokenize("What's the weather in 2025?")).toEqual(["weath", "2025"]);
    expect(tokenize("please use a tool to")).toEqual([]);
    expect(tokenize("Can you please help me, I want to quickly rename a file")).toEqual(
      tokenize("rename file"),
    );
  });

  it("spells out symbols that stand for words", () => {
    expect(tokenize("15% of $84")).toEqual(tokenize("15 percent of dollar 84"));
    expect(tokenize("€20 in £")).toEqual(tokenize("euro 20 in pound"));
  });
});
