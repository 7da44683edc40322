import { describe, expect, it } from "vitest";
import { exploreIdeaInputSchema, toExploreRequest } from "./explore-idea-input.ts";

describe("explore_idea: language", () => {
  it("reaches the request as its primary code, and is absent unless given", () => {
    const request = (input: Record<string, unknown>) =>
      toExploreRequest(exploreIdeaInputSchema.parse({ idea: "x", ...input }));
    expect(request({ language: "DE" }).language).toBe("de");
    expect(request({}).language).toBeUndefined();
  });

  it("refuses a language that is not a code, naming the field", () => {
    const parsed = exploreIdeaInputSchema.safeParse({ idea: "x", language: "Deutsch" });
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["language"],
      message: 'must be a language code such as "en", "de" or "ja"',
    });
  });

  it("is described for clients", () => {
    expect(exploreIdeaInputSchema.shape.language.description).toMatch(
      /default: the language of the idea/,
    );
  });
});
