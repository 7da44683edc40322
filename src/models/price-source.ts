import { calcPrice } from "@pydantic/genai-prices";
import type { LongContextRates, ModelPrice, PriceOverride, TokenRates } from "./pricing.ts";

/**
 * The maintained source of Anthropic's prices: @pydantic/genai-prices (MIT), whose data ships
 * inside the package. It is never asked to fetch newer data (its `updatePrices`): a run's price
 * depends on the installed version only, which is named with every cost (pricing.test.ts keeps
 * this name in step with the installed package).
 */
export const PRICE_SOURCE = "@pydantic/genai-prices 0.1.8";

/** Anthropic bills its server-side search per search, whatever the model (per 1,000). */
const ANTHROPIC_WEB_SEARCH_PER_1K = 10;

type PackagePrice = Record<
  string,
  number | { base: number; tiers: { start: number; price: number }[] } | undefined
>;

/**
 * The price of a model, or undefined when none is known: never a guess. The user's prices win;
 * otherwise Anthropic models are looked up in the package by their exact id (its entries match
 * id prefixes such as `claude-sonnet-5`, so `claude-sonnet-5-5` and dated ids find theirs), and a
 * model the package does not know has no price. Other providers have only the user's price.
 */
export function priceFor(
  provider: string,
  modelId: string,
  override?: PriceOverride,
): ModelPrice | undefined {
  if (override) return userPrice(provider, override);
  if (provider !== "anthropic") return undefined;
  // A zero call returns the matched entry's prices, as of now for entries dated by start.
  const found = calcPrice({ input_tokens: 0, output_tokens: 0 }, modelId, {
    providerId: "anthropic",
  });
  if (!found) return undefined;
  return fromPackage(found.model_price as PackagePrice, `${PRICE_SOURCE} (${found.model.id})`);
}

function userPrice(provider: string, override: PriceOverride): ModelPrice {
  const rate = override.inputPerMTok;
  return {
    ...override,
    cacheWritePerMTok: rate,
    cacheWrite1hPerMTok: rate,
    cacheReadPerMTok: rate,
    webSearchPer1k: provider === "anthropic" ? ANTHROPIC_WEB_SEARCH_PER_1K : 0,
    longContext: [],
    source: "price given by the user (--price-in / --price-out)",
  };
}

/** The package's per-key prices (plain or tiered by the request's input) as ModelPrice. */
function fromPackage(prices: PackagePrice, source: string): ModelPrice {
  const ratesAbove = (inputTokens: number): TokenRates => {
    const at = (key: string) => rateAt(prices[key], inputTokens);
    const input = at("input_mtok") ?? 0;
    // A key the package leaves out is billed as its parent: cache tokens as input, an hour's
    // writes as the 5-minute ones (the package's own rule for missing keys).
    const cacheWrite = at("cache_write_mtok") ?? input;
    return {
      inputPerMTok: input,
      outputPerMTok: at("output_mtok") ?? 0,
      cacheWritePerMTok: cacheWrite,
      cacheWrite1hPerMTok: at("cache_write_1h_mtok") ?? cacheWrite,
      cacheReadPerMTok: at("cache_read_mtok") ?? input,
    };
  };
  const thresholds = new Set<number>();
  for (const value of Object.values(prices)) {
    if (typeof value === "object") for (const tier of value.tiers) thresholds.add(tier.start);
  }
  const longContext: LongContextRates[] = [...thresholds]
    .sort((a, b) => a - b)
    .map((start) => ({ aboveInputTokens: start, ...ratesAbove(start + 1) }));
  const searches = prices.web_searches_kcount;
  return {
    ...ratesAbove(0),
    webSearchPer1k: typeof searches === "number" ? searches : ANTHROPIC_WEB_SEARCH_PER_1K,
    longContext,
    source,
  };
}

/** A tier applies to a request whose input exceeds its start (the package's rule). */
function rateAt(value: PackagePrice[string], inputTokens: number): number | undefined {
  if (value === undefined || typeof value === "number") return value;
  const reached = value.tiers.filter((tier) => inputTokens > tier.start);
  return reached.sort((a, b) => a.start - b.start).at(-1)?.price ?? value.base;
}
