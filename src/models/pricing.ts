/**
 * What a model costs, in US dollars, and what a run cost. The prices come from a maintained
 * source (price-source.ts) or from the user (--price-in / --price-out); a model with neither has
 * no price, and its cost is "unknown": a cost is never guessed from another model's price.
 *
 * The product does not use Anthropic's Batch API (every call is answered at once), so batch
 * rates have no place here.
 */

/** Dollars per million tokens, for one request. */
export interface TokenRates {
  inputPerMTok: number;
  outputPerMTok: number;
  /** Prompt-cache writes kept 5 minutes: the `ephemeral` cache the product asks for. */
  cacheWritePerMTok: number;
  /** Prompt-cache writes a request asked to keep for an hour (`ttl: "1h"`). */
  cacheWrite1hPerMTok: number;
  cacheReadPerMTok: number;
}

/**
 * The rates of a request whose input (cache reads and writes included) exceeds
 * `aboveInputTokens`: the whole request pays them, not only the tokens past the threshold.
 */
export interface LongContextRates extends TokenRates {
  aboveInputTokens: number;
}

export interface ModelPrice extends TokenRates {
  /** Server-side web search, per 1,000 searches (Anthropic's tool). */
  webSearchPer1k: number;
  /** Long-context rates, lowest threshold first; empty when the model has one rate. */
  longContext: readonly LongContextRates[];
  /** Where the figures come from, recorded with every cost they price. */
  source: string;
}

/** Prices the user gave, in dollars per million tokens; cache tokens then cost as input. */
export interface PriceOverride {
  inputPerMTok: number;
  outputPerMTok: number;
}

/** Token counts as the AI SDK sums them: input includes cache reads and writes. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/**
 * One model call (one request) as the provider billed it. Long-context rates depend on the
 * request's own input, so a run is priced call by call and summed, never on its summed usage.
 */
export interface CallUsage extends TokenUsage {
  /** Of `cacheWriteTokens`, those the request asked to cache for an hour. */
  cacheWrite1hTokens?: number;
  /** Server-side searches the provider bills for this call. */
  webSearches: number;
}

export type RunCost =
  | {
      priced: true;
      usd: number;
      inputUsd: number;
      outputUsd: number;
      cacheUsd: number;
      searchUsd: number;
      /** Where the prices came from (ModelPrice.source); absent in logs written before it. */
      source?: string;
    }
  | { priced: false; reason: string };

/** The rates a request with `inputTokens` of input pays. */
export function ratesFor(price: ModelPrice, inputTokens: number): TokenRates {
  return price.longContext.findLast((tier) => inputTokens > tier.aboveInputTokens) ?? price;
}

/** The cost of a run's model calls, each at its own rates, rounded to a millionth of a dollar. */
export function costOf(
  price: ModelPrice | undefined,
  modelId: string,
  calls: readonly CallUsage[],
): RunCost {
  if (!price) return { priced: false, reason: `no price for ${modelId}` };
  const total = { inputUsd: 0, outputUsd: 0, cacheUsd: 0, searchUsd: 0 };
  for (const call of calls) {
    const rates = ratesFor(price, call.inputTokens);
    const perToken = (perMTok: number) => perMTok / 1_000_000;
    const hourWrites = Math.min(call.cacheWrite1hTokens ?? 0, call.cacheWriteTokens);
    const uncached = Math.max(0, call.inputTokens - call.cacheReadTokens - call.cacheWriteTokens);
    total.inputUsd += uncached * perToken(rates.inputPerMTok);
    total.outputUsd += call.outputTokens * perToken(rates.outputPerMTok);
    total.cacheUsd +=
      (call.cacheWriteTokens - hourWrites) * perToken(rates.cacheWritePerMTok) +
      hourWrites * perToken(rates.cacheWrite1hPerMTok) +
      call.cacheReadTokens * perToken(rates.cacheReadPerMTok);
    total.searchUsd += (call.webSearches * price.webSearchPer1k) / 1000;
  }
  return {
    priced: true,
    usd: round(total.inputUsd + total.outputUsd + total.cacheUsd + total.searchUsd),
    inputUsd: round(total.inputUsd),
    outputUsd: round(total.outputUsd),
    cacheUsd: round(total.cacheUsd),
    searchUsd: round(total.searchUsd),
    source: price.source,
  };
}

/** "$0.42", "$0.0031" (small costs keep two significant digits), or "cost unknown (…)". */
export function formatCost(cost: RunCost): string {
  if (!cost.priced) return `cost unknown (${cost.reason})`;
  return formatUsd(cost.usd);
}

/** "$0.42", "$0.0031", "$12.50". */
export function formatUsd(usd: number): string {
  if (usd >= 0.01 || usd === 0) return `$${usd.toFixed(2)}`;
  return `$${usd.toPrecision(2)}`;
}

function round(usd: number): number {
  return Math.round(usd * 1_000_000) / 1_000_000;
}
