import { describe, expect, it } from "vitest";
import { priceFor } from "../../models/price-source.ts";
import type { ModelPrice } from "../../models/pricing.ts";
import { type EstimateLimits, estimateCost } from "./cost-estimate.ts";

const price = priceFor("anthropic", "claude-sonnet-5-5") as ModelPrice;
const quick: EstimateLimits = {
  depth: "quick",
  maxSteps: 5,
  tokenBudget: 100_000,
  maxOutputTokens: 16_384,
  searchesPerStep: 5,
};
const estimate = (limits: Partial<EstimateLimits> = {}, p: ModelPrice | undefined = price) => {
  const result = estimateCost(p, "claude-sonnet-5-5", { ...quick, ...limits });
  if (!result.priced) throw new Error(result.reason);
  return result;
};

describe("estimateCost", () => {
  it("is unknown for a model without a price, never a guess", () => {
    expect(estimateCost(undefined, "claude-sonnet-9", quick)).toEqual({
      priced: false,
      reason: "no price for claude-sonnet-9",
    });
  });

  it("bounds a quick run: the budget at its dearest mix, the closing calls, every search", () => {
    const limits = { maxSteps: 1, tokenBudget: 10_000, searchesPerStep: 2 };
    const perMTok = (tokens: number, rate: number) => (tokens * rate) / 1_000_000;
    // One step may write more than the budget: all of it as output. Then the report and its
    // continuation, each a full output over a conversation the budget bounds, and two searches.
    const bound =
      perMTok(10_000, price.outputPerMTok) +
      2 * perMTok(16_384, price.outputPerMTok) +
      2 * perMTok(10_000, Math.max(price.inputPerMTok, price.cacheWritePerMTok)) +
      (2 * price.webSearchPer1k) / 1000;
    expect(estimate(limits).maxUsd).toBeCloseTo(Math.ceil(bound * 100) / 100, 9);
  });

  it.each<[string, Partial<EstimateLimits>]>([
    ["steps", { maxSteps: 10 }],
    ["token budget", { tokenBudget: 400_000 }],
    ["output per step", { maxOutputTokens: 32_000 }],
    ["searches", { searchesPerStep: 10 }],
    ["deep mode", { depth: "deep" }],
  ])("grows with the %s, never shrinks", (_, more) => {
    const base = estimate();
    const larger = estimate(more);
    expect(larger.maxUsd).toBeGreaterThan(base.maxUsd);
    expect(larger.typicalUsd.high).toBeGreaterThanOrEqual(base.typicalUsd.high);
    expect(larger.typicalUsd.low).toBeGreaterThanOrEqual(base.typicalUsd.low);
  });

  it("gives a typical range below the bound", () => {
    for (const limits of [{}, { depth: "deep" as const }, { tokenBudget: 1_000_000 }]) {
      const { maxUsd, typicalUsd } = estimate(limits);
      expect(typicalUsd.low).toBeGreaterThan(0);
      expect(typicalUsd.low).toBeLessThan(typicalUsd.high);
      expect(typicalUsd.high).toBeLessThan(maxUsd);
    }
  });

  it("prices long-context calls at their rate once a call's input can pass the threshold", () => {
    const sonnet45 = priceFor("anthropic", "claude-sonnet-4-5") as ModelPrice;
    const under = estimate({ tokenBudget: 200_000 }, sonnet45).maxUsd;
    const over = estimate({ tokenBudget: 200_001 }, sonnet45).maxUsd;
    expect(over).toBeGreaterThan(1.5 * under);
  });

  it("stops at --max-cost, which it names", () => {
    const uncapped = estimate();
    const capped = estimate({ maxCostUsd: 0.1 });
    expect(capped).toEqual({
      priced: true,
      maxUsd: 0.1,
      typicalUsd: {
        low: Math.min(uncapped.typicalUsd.low, 0.1),
        high: Math.min(uncapped.typicalUsd.high, 0.1),
      },
      capUsd: 0.1,
    });
    // A cap above what the limits allow leaves the bound as it is.
    expect(estimate({ maxCostUsd: 1000 })).toEqual({ ...uncapped, capUsd: 1000 });
  });
});
