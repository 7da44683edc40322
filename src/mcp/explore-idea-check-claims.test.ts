import { describe, expect, it } from "vitest";
import { ConfigError } from "../config/config-error.ts";
import { exploreIdeaInputSchema, toExploreRequest } from "./explore-idea-input.ts";

const request = (input: Record<string, unknown>) =>
  toExploreRequest(exploreIdeaInputSchema.parse({ idea: "x", ...input }));

describe("explore_idea: check_claims and check_model", () => {
  it("reach the request", () => {
    expect(request({ check_claims: "model", check_model: "claude-haiku-4-5" })).toMatchObject({
      checkClaims: "model",
      checkModel: "claude-haiku-4-5",
    });
    expect(request({ check_claims: "figures" }).checkClaims).toBe("figures");
    expect(JSON.stringify(request({}))).not.toMatch(/check/i);
  });

  it("refuse a check model without the model check, naming the field as MCP spells it", () => {
    expect(() => request({ check_model: "claude-haiku-4-5" })).toThrow(
      new ConfigError('check_claims: must be "model" when a check model is given'),
    );
  });

  it("refuse a value that is not a check, naming what it takes", () => {
    const parsed = exploreIdeaInputSchema.safeParse({ idea: "x", check_claims: "all" });
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["check_claims"],
      message: 'must be "figures" or "model"',
    });
  });
});
