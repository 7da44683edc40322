/**
 * What a model costs, in US dollars, and what a run cost. One table, here: Anthropic's published
 * list prices (per million tokens; prompt-cache writes at the 5-minute rate) and its server-side
 * web search ($10 per 1,000 searches). Other providers have no price unless the user gives one
 * (--price-in / --price-out): a cost is never guessed.
 */
export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
  cacheWritePerMTok: number;
  cacheReadPerMTok: number;
  /** Server-side web search, per 1,000 searches (Anthropic's tool). */
  webSearchPer1k: number;
}

const WEB_SEARCH_PER_1K = 10;

/** Per family, the price from a model version on (the newest entry at or below the version wins). */
const ANTHROPIC_PRICES: Record<
  string,
  { since: number; price: Omit<ModelPrice, "webSearchPer1k"> }[]
> = {
  opus: [
    {
      since: 3,
      price: {
        inputPerMTok: 15,
        outputPerMTok: 75,
        cacheWritePerMTok: 18.75,
        cacheReadPerMTok: 1.5,
      },
    },
    {
      since: 4.5,
      price: { inputPerMTok: 5, outputPerMTok: 25, cacheWritePerMTok: 6.25, cacheReadPerMTok: 0.5 },
    },
  ],
  sonnet: [
    {
      since: 3,
      price: { inputPerMTok: 3, outputPerMTok: 15, cacheWritePerMTok: 3.75, cacheReadPerMTok: 0.3 },
    },
  ],
  haiku: [
    {
      since: 3,
      price: {
        inputPerMTok: 0.25,
        outputPerMTok: 1.25,
        cacheWritePerMTok: 0.3,
        cacheReadPerMTok: 0.03,
      },
    },
    {
      since: 3.5,
      price: { inputPerMTok: 0.8, outputPerMTok: 4, cacheWritePerMTok: 1, cacheReadPerMTok: 0.08 },
    },
    {
      since: 4.5,
      price: { inputPerMTok: 1, outputPerMTok: 5, cacheWritePerMTok: 1.25, cacheReadPerMTok: 0.1 },
    },
  ],
};

/** Prices the user gave, in dollars per million tokens; cache tokens then cost as input. */
export interface PriceOverride {
  inputPerMTok: number;
  outputPerMTok: number;
}

/** The price of a model, or undefined when none is known (never a guess). */
export function priceFor(
  provider: string,
  modelId: string,
  override?: PriceOverride,
): ModelPrice | undefined {
  if (override) {
    return {
      ...override,
      cacheWritePerMTok: override.inputPerMTok,
      cacheReadPerMTok: override.inputPerMTok,
      webSearchPer1k: provider === "anthropic" ? WEB_SEARCH_PER_1K : 0,
    };
  }
  if (provider !== "anthropic") return undefined;
  const model = anthropicFamily(modelId);
  const entries = model && ANTHROPIC_PRICES[model.family];
  const entry = entries?.filter((e) => e.since <= (model?.version ?? 0)).at(-1);
  return entry ? { ...entry.price, webSearchPer1k: WEB_SEARCH_PER_1K } : undefined;
}

/** "claude-opus-4-5-20251101" → opus 4.5; "claude-3-5-sonnet-20241022" → sonnet 3.5. */
function anthropicFamily(modelId: string): { family: string; version: number } | undefined {
  const id = modelId.toLowerCase();
  const current = /^claude-(opus|sonnet|haiku)-(\d+)(?:-(\d)(?!\d))?/.exec(id);
  if (current) return { family: current[1]!, version: Number(`${current[2]}.${current[3] ?? 0}`) };
  const older = /^claude-(\d+)(?:-(\d))?-(opus|sonnet|haiku)/.exec(id);
  if (older) return { family: older[3]!, version: Number(`${older[1]}.${older[2] ?? 0}`) };
  return undefined;
}

/** Token counts as the AI SDK sums them: input includes cache reads and writes. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export type RunCost =
  | {
      priced: true;
      usd: number;
      inputUsd: number;
      outputUsd: number;
      cacheUsd: number;
      searchUsd: number;
    }
  | { priced: false; reason: string };

/** The cost of `usage` and `webSearches` server-side searches, rounded to a millionth of a dollar. */
export function costOf(
  price: ModelPrice | undefined,
  modelId: string,
  usage: TokenUsage,
  webSearches: number,
): RunCost {
  if (!price) return { priced: false, reason: `no price for ${modelId}` };
  const uncached = Math.max(0, usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens);
  const perToken = (perMTok: number) => perMTok / 1_000_000;
  const inputUsd = uncached * perToken(price.inputPerMTok);
  const outputUsd = usage.outputTokens * perToken(price.outputPerMTok);
  const cacheUsd =
    usage.cacheWriteTokens * perToken(price.cacheWritePerMTok) +
    usage.cacheReadTokens * perToken(price.cacheReadPerMTok);
  const searchUsd = (webSearches * price.webSearchPer1k) / 1000;
  return {
    priced: true,
    usd: round(inputUsd + outputUsd + cacheUsd + searchUsd),
    inputUsd: round(inputUsd),
    outputUsd: round(outputUsd),
    cacheUsd: round(cacheUsd),
    searchUsd: round(searchUsd),
  };
}

/** "$0.42", "$0.0031" (small costs keep two significant digits), or "cost unknown (…)". */
export function formatCost(cost: RunCost): string {
  if (!cost.priced) return `cost unknown (${cost.reason})`;
  if (cost.usd >= 0.01 || cost.usd === 0) return `$${cost.usd.toFixed(2)}`;
  return `$${cost.usd.toPrecision(2)}`;
}

function round(usd: number): number {
  return Math.round(usd * 1_000_000) / 1_000_000;
}
