import { describe, expect, it } from "vitest";
import { costOf, formatCost, priceFor } from "./pricing.ts";

const usage = (input: number, output: number, cacheRead = 0, cacheWrite = 0) => ({
  inputTokens: input,
  outputTokens: output,
  cacheReadTokens: cacheRead,
  cacheWriteTokens: cacheWrite,
});

describe("costOf", () => {
  it.each([
    // model, usage (input includes cache reads and writes, as the AI SDK sums it), searches → $
    ["claude-sonnet-5-5", usage(1_000_000, 0), 0, 3],
    ["claude-sonnet-5-5", usage(0, 1_000_000), 0, 15],
    ["claude-sonnet-4-5-20250929", usage(120_000, 8_000, 100_000, 10_000), 3, 0.2475],
    ["claude-opus-5-5", usage(200_000, 10_000), 5, 1 + 0.25 + 0.05],
    ["claude-opus-4-1-20250805", usage(100_000, 10_000), 0, 1.5 + 0.75],
    ["claude-3-opus-20240229", usage(100_000, 10_000), 0, 1.5 + 0.75],
    ["claude-haiku-4-5", usage(1_000_000, 1_000_000, 500_000, 0), 0, 0.5 + 0.05 + 5],
    ["claude-3-5-haiku-20241022", usage(1_000_000, 100_000), 0, 0.8 + 0.4],
    ["claude-3-haiku-20240307", usage(1_000_000, 1_000_000), 0, 0.25 + 1.25],
    ["claude-sonnet-5-5", usage(0, 0), 1000, 10],
  ])("%s %j with %i searches costs $%d", (model, tokens, searches, usd) => {
    const cost = costOf(priceFor("anthropic", model), model, tokens, searches);
    expect(cost.priced).toBe(true);
    expect(cost.priced && cost.usd).toBeCloseTo(usd, 9);
  });

  it("splits the cost into its parts", () => {
    const cost = costOf(
      priceFor("anthropic", "claude-sonnet-5-5"),
      "claude-sonnet-5-5",
      usage(120_000, 8_000, 100_000, 10_000),
      3,
    );
    // 10,000 uncached × $3/M, 8,000 out × $15/M, 10,000 written × $3.75/M + 100,000 read × $0.30/M.
    expect(cost).toEqual({
      priced: true,
      usd: 0.03 + 0.12 + 0.0375 + 0.03 + 0.03,
      inputUsd: 0.03,
      outputUsd: 0.12,
      cacheUsd: 0.0675,
      searchUsd: 0.03,
    });
  });

  it("never guesses: a local model or an unknown id has no price", () => {
    expect(
      costOf(priceFor("openai-compatible", "llama3.1:8b"), "llama3.1:8b", usage(10, 10), 0),
    ).toEqual({
      priced: false,
      reason: "no price for llama3.1:8b",
    });
    expect(priceFor("anthropic", "gpt-4o")).toBeUndefined();
    expect(formatCost(costOf(undefined, "llama3.1:8b", usage(1, 1), 0))).toBe(
      "cost unknown (no price for llama3.1:8b)",
    );
  });

  it("takes the user's prices, with cache tokens at the input price", () => {
    const price = priceFor("openai-compatible", "llama3.1:8b", {
      inputPerMTok: 0.2,
      outputPerMTok: 0.6,
    });
    const cost = costOf(price, "llama3.1:8b", usage(1_000_000, 1_000_000), 0);
    expect(cost.priced && cost.usd).toBeCloseTo(0.8, 9);
  });

  it.each([
    [0.4237, "$0.42"],
    [0.0031, "$0.0031"],
    [0, "$0.00"],
    [12.5, "$12.50"],
  ])("formats $%d as %s", (usd, shown) => {
    expect(
      formatCost({ priced: true, usd, inputUsd: 0, outputUsd: 0, cacheUsd: 0, searchUsd: 0 }),
    ).toBe(shown);
  });
});
