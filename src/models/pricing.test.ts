import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PRICE_SOURCE, priceFor } from "./price-source.ts";
import { type CallUsage, costOf, formatCost, type ModelPrice } from "./pricing.ts";

const call = (
  input: number,
  output: number,
  { cacheRead = 0, cacheWrite = 0, cacheWrite1h = 0, searches = 0 } = {},
): CallUsage => ({
  inputTokens: input,
  outputTokens: output,
  cacheReadTokens: cacheRead,
  cacheWriteTokens: cacheWrite,
  cacheWrite1hTokens: cacheWrite1h,
  webSearches: searches,
});

const anthropic = (model: string): ModelPrice => {
  const price = priceFor("anthropic", model);
  if (!price) throw new Error(`no price for ${model}`);
  return price;
};
const usdOf = (price: ModelPrice | undefined, model: string, calls: CallUsage[]) => {
  const cost = costOf(price, model, calls);
  if (!cost.priced) throw new Error(cost.reason);
  return cost.usd;
};

describe("priceFor: Anthropic's prices from @pydantic/genai-prices", () => {
  it("names the installed package's version as the source", () => {
    const installed = JSON.parse(
      readFileSync(
        new URL("../../node_modules/@pydantic/genai-prices/package.json", import.meta.url),
        "utf8",
      ),
    ) as { version: string };
    expect(PRICE_SOURCE).toBe(`@pydantic/genai-prices ${installed.version}`);
  });

  // Anthropic's published prices, per million tokens (the figures).
  it.each([
    ["claude-sonnet-5-5", 2, 10],
    ["claude-opus-5-5", 4, 20],
    ["claude-fable-5-1", 10, 50],
    ["claude-haiku-4-5", 1, 5],
  ])("%s costs $%d in, $%d out", (model, input, output) => {
    expect(anthropic(model)).toMatchObject({ inputPerMTok: input, outputPerMTok: output });
  });

  it("prices the default model's cache and searches: $2.50 to write, $0.20 to read, $10 per 1,000 searches", () => {
    expect(anthropic("claude-sonnet-5-5")).toEqual({
      inputPerMTok: 2,
      outputPerMTok: 10,
      cacheWritePerMTok: 2.5,
      cacheWrite1hPerMTok: 4,
      cacheReadPerMTok: 0.2,
      webSearchPer1k: 10,
      longContext: [],
      source: `${PRICE_SOURCE} (claude-sonnet-5)`,
    });
  });

  it("never guesses: a model newer than the source, another vendor's or a local one has no price", () => {
    expect(priceFor("anthropic", "claude-sonnet-9")).toBeUndefined();
    expect(priceFor("anthropic", "gpt-4o")).toBeUndefined();
    expect(priceFor("openai-compatible", "llama3.1:8b")).toBeUndefined();
    const unknown = costOf(undefined, "claude-sonnet-9", [call(10, 10)]);
    expect(unknown).toEqual({ priced: false, reason: "no price for claude-sonnet-9" });
    expect(formatCost(unknown)).toBe("cost unknown (no price for claude-sonnet-9)");
  });

  it("carries a model's long-context rates: above 200,000 input tokens, Sonnet 4.5 costs double in", () => {
    const price = anthropic("claude-sonnet-4-5-20250929");
    expect(price.longContext).toEqual([
      expect.objectContaining({ aboveInputTokens: 200_000, inputPerMTok: 2 * price.inputPerMTok }),
    ]);
  });
});

describe("costOf", () => {
  const model = "claude-sonnet-5-5";
  const price = anthropic(model);
  const perToken = (perMTok: number) => perMTok / 1_000_000;

  it("splits a call's cost into its parts; input includes cache reads and writes, as the SDK sums it", () => {
    const cost = costOf(price, model, [
      call(120_000, 8_000, { cacheRead: 100_000, cacheWrite: 10_000, searches: 3 }),
    ]);
    const inputUsd = 10_000 * perToken(price.inputPerMTok);
    const outputUsd = 8_000 * perToken(price.outputPerMTok);
    const cacheUsd =
      10_000 * perToken(price.cacheWritePerMTok) + 100_000 * perToken(price.cacheReadPerMTok);
    const searchUsd = (3 * price.webSearchPer1k) / 1000;
    expect(cost).toEqual({
      priced: true,
      usd: expect.closeTo(inputUsd + outputUsd + cacheUsd + searchUsd, 9),
      inputUsd: expect.closeTo(inputUsd, 9),
      outputUsd: expect.closeTo(outputUsd, 9),
      cacheUsd: expect.closeTo(cacheUsd, 9),
      searchUsd: expect.closeTo(searchUsd, 9),
      source: price.source,
    });
  });

  it("prices cache writes at the rate the request asked for: an hour's writes at the 1-hour rate", () => {
    const fiveMinutes = usdOf(price, model, [call(10_000, 0, { cacheWrite: 10_000 })]);
    const anHour = usdOf(price, model, [
      call(10_000, 0, { cacheWrite: 10_000, cacheWrite1h: 10_000 }),
    ]);
    expect(fiveMinutes).toBeCloseTo(10_000 * perToken(price.cacheWritePerMTok), 9);
    expect(anHour).toBeCloseTo(10_000 * perToken(price.cacheWrite1hPerMTok), 9);
  });

  it("adds the calls of a run, each at its own rate", () => {
    const calls = [call(1_000_000, 0), call(0, 1_000_000), call(0, 0, { searches: 1000 })];
    expect(usdOf(price, model, calls)).toBeCloseTo(
      price.inputPerMTok + price.outputPerMTok + price.webSearchPer1k,
      9,
    );
  });

  it("bills a long-context rate per request: the whole call above the threshold, never a run's sum", () => {
    const sonnet45 = anthropic("claude-sonnet-4-5");
    const tier = sonnet45.longContext[0]!;
    const small = call(150_000, 1_000);
    const large = call(250_000, 1_000);
    const atBase = (c: CallUsage) =>
      c.inputTokens * perToken(sonnet45.inputPerMTok) +
      c.outputTokens * perToken(sonnet45.outputPerMTok);
    const atTier = (c: CallUsage) =>
      c.inputTokens * perToken(tier.inputPerMTok) + c.outputTokens * perToken(tier.outputPerMTok);
    // Two calls under the threshold stay at the base rate, though together they pass it.
    expect(usdOf(sonnet45, "claude-sonnet-4-5", [small, small])).toBeCloseTo(2 * atBase(small), 9);
    expect(usdOf(sonnet45, "claude-sonnet-4-5", [small, large])).toBeCloseTo(
      atBase(small) + atTier(large),
      9,
    );
    expect(atTier(large)).toBeGreaterThan(atBase(large));
  });

  it("takes the user's prices, with cache tokens at the input price", () => {
    const given = priceFor("openai-compatible", "llama3.1:8b", {
      inputPerMTok: 0.2,
      outputPerMTok: 0.6,
    });
    const cost = costOf(given, "llama3.1:8b", [call(1_000_000, 1_000_000, { cacheRead: 500_000 })]);
    expect(cost).toMatchObject({ priced: true, usd: expect.closeTo(0.2 + 0.6, 9) });
    expect(cost.priced && cost.source).toMatch(/--price-in/);
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
