import { describe, expect, it } from "vitest";
import { parseExploreRequest } from "./explore-request.ts";

describe("the request's language", () => {
  it.each([
    ["de", "de"],
    ["DE", "de"],
    ["pt-BR", "pt"],
    [" ja ", "ja"],
    ["it", "it"],
  ])("%j is read as %j", (given, code) => {
    expect(parseExploreRequest({ idea: "x", language: given }).language).toBe(code);
  });

  it("is absent unless given: the idea's language is detected later", () => {
    expect(parseExploreRequest({ idea: "x" }).language).toBeUndefined();
  });

  it.each([
    ["German", 'must be a language code such as "en", "de" or "ja"'],
    ["zz", 'must be a known language code such as "en", "de" or "ja"'],
    ["", 'must be a language code such as "en", "de" or "ja"'],
  ])("refuses %j in one line naming the flag", (given, message) => {
    expect(() =>
      parseExploreRequest({ idea: "x", language: given }, { language: "--language" }),
    ).toThrow(`--language: ${message}`);
  });
});
