import { generateText, type LanguageModelUsage } from "ai";
import { type CallUsage, costOf, type RunCost, type TokenUsage } from "../../models/pricing.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";
import { JUDGE_MAX_OUTPUT_TOKENS, JUDGE_SYSTEM_PROMPT, judgePrompt } from "./model-judge-prompt.ts";
import { type JudgedClaim, parseVerdict } from "./model-judge-verdict.ts";

export type { JudgedClaim, ModelVerdict } from "./model-judge-verdict.ts";

export interface ClaimJudgement {
  /** One per item, same order; undefined where the judge was not asked (budget or time ran out) or failed. */
  verdicts: (JudgedClaim | undefined)[];
  /** Model requests made: one per distinct (sentence, passage) pair judged. */
  calls: number;
  usage: TokenUsage & { totalTokens: number };
  /** Each call priced from its own usage, summed; unknown when the model has no price. */
  cost?: RunCost;
  /** Items not judged because the budget would have been passed. */
  skipped: number;
  /** Items whose call failed after its retries, or whose answer was no verdict. */
  failed: number;
}

export interface JudgeOptions {
  model: ResolvedModel;
  /** Calls at once (default 4). */
  concurrency?: number;
  /** What is left of the run's cost limit, in US dollars. */
  maxUsd?: number;
  /** Ends the judging: calls in flight are cancelled, the rest not made, nothing thrown. */
  signal?: AbortSignal;
  /** The SDK's retries per call (its default when absent). */
  maxRetries?: number;
}

interface ClaimItem {
  sentence: string;
  passage: string;
}

type CallOutcome =
  | { kind: "judged"; verdict: JudgedClaim | undefined; usage: LanguageModelUsage; call: CallUsage }
  | { kind: "failed" }
  | { kind: "aborted" };

const DEFAULT_CONCURRENCY = 4;
/** Real text runs near 4 characters a token; counting 2 keeps the pre-call estimate above it. */
const ESTIMATE_CHARS_PER_TOKEN = 2;

/**
 * A second opinion on the report's citations: a cheap model, with no tools, says whether each
 * passage supports its sentence. Calls run in parallel up to `concurrency`; identical pairs are
 * judged once. Before each call the cost so far, plus a generous estimate for every call in
 * flight and for this one, must stay within `maxUsd`; the first call that would pass it waits
 * for those in flight to be priced, and if it still does not fit, it and the rest are skipped.
 * A budget with no price to count against (refused before a run starts) judges nothing.
 * Failures are counted, never thrown: the run goes on without those verdicts.
 */
export async function judgeClaims(
  items: readonly ClaimItem[],
  options: JudgeOptions,
): Promise<ClaimJudgement> {
  const { pairs, pairOf } = distinctPairs(items);
  const outcomes: (CallOutcome | "skipped" | undefined)[] = new Array(pairs.length);
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const inFlight = new Set<Promise<void>>();
  let spentUsd = 0;
  let reservedUsd = 0;
  let calls = 0;

  for (let next = 0; next < pairs.length; next++) {
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (options.signal?.aborted) break;
    const pair = pairs[next]!;
    const estimate = options.maxUsd === undefined ? 0 : estimateUsd(options.model, pair);
    if (options.maxUsd !== undefined) {
      const budget = options.maxUsd;
      const fits = () => spentUsd + reservedUsd + estimate <= budget;
      while (!fits() && inFlight.size > 0) await Promise.race(inFlight);
      if (!fits()) {
        outcomes.fill("skipped", next);
        break;
      }
    }
    reservedUsd += estimate;
    calls++;
    const call = judgeOne(pair, options).then((outcome) => {
      reservedUsd -= estimate;
      if (outcome.kind === "judged") spentUsd += usdOf(options.model, [outcome.call]);
      outcomes[next] = outcome;
      inFlight.delete(call);
    });
    inFlight.add(call);
  }
  await Promise.all(inFlight);

  const judged = outcomes.filter(
    (o): o is Extract<CallOutcome, { kind: "judged" }> =>
      typeof o === "object" && o.kind === "judged",
  );
  const perItem = pairOf.map((pair) => outcomes[pair]);
  const usage = sumUsage(judged.map((o) => o.usage));
  const cost =
    calls > 0
      ? costOf(
          options.model.price,
          options.model.modelId,
          judged.map((o) => o.call),
        )
      : undefined;
  return {
    verdicts: perItem.map((o) =>
      typeof o === "object" && o.kind === "judged" ? o.verdict : undefined,
    ),
    calls,
    usage,
    ...(cost ? { cost } : {}),
    skipped: perItem.filter((o) => o === "skipped").length,
    failed: perItem.filter(
      (o) => typeof o === "object" && (o.kind === "failed" || (o.kind === "judged" && !o.verdict)),
    ).length,
  };
}

async function judgeOne(pair: ClaimItem, options: JudgeOptions): Promise<CallOutcome> {
  const { model } = options;
  try {
    const result = await generateText({
      model: model.model,
      instructions: JUDGE_SYSTEM_PROMPT,
      prompt: judgePrompt(pair),
      maxOutputTokens: JUDGE_MAX_OUTPUT_TOKENS,
      ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
      ...(options.signal ? { abortSignal: options.signal } : {}),
    });
    return {
      kind: "judged",
      verdict: parseVerdict(result.text),
      usage: result.usage,
      call: { ...tokenUsage(result.usage), webSearches: 0 },
    };
  } catch {
    // A cancelled run's calls were not failures of the judge: they were not let finish.
    return options.signal?.aborted ? { kind: "aborted" } : { kind: "failed" };
  }
}

/** The pairs to judge, first appearance first, and for each item the index of its pair. */
function distinctPairs(items: readonly ClaimItem[]): { pairs: ClaimItem[]; pairOf: number[] } {
  const pairs: ClaimItem[] = [];
  const indexByKey = new Map<string, number>();
  const pairOf = items.map(({ sentence, passage }) => {
    const key = JSON.stringify([sentence, passage]);
    let index = indexByKey.get(key);
    if (index === undefined) {
      index = pairs.push({ sentence, passage }) - 1;
      indexByKey.set(key, index);
    }
    return index;
  });
  return { pairs, pairOf };
}

/** The most one call is expected to cost: its whole prompt at 2 characters a token, full output. */
function estimateUsd(model: ResolvedModel, pair: ClaimItem): number {
  const chars = JUDGE_SYSTEM_PROMPT.length + judgePrompt(pair).length;
  const inputTokens = Math.ceil(chars / ESTIMATE_CHARS_PER_TOKEN);
  return usdOf(model, [
    {
      inputTokens,
      outputTokens: JUDGE_MAX_OUTPUT_TOKENS,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      webSearches: 0,
    },
  ]);
}

/** Dollars, or infinitely many without a price: no budget can be counted against none. */
function usdOf(model: ResolvedModel, calls: readonly CallUsage[]): number {
  const cost = costOf(model.price, model.modelId, calls);
  return cost.priced ? cost.usd : Number.POSITIVE_INFINITY;
}

function tokenUsage(usage: LanguageModelUsage): TokenUsage {
  return {
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    cacheReadTokens: usage.inputTokenDetails?.cacheReadTokens ?? 0,
    cacheWriteTokens: usage.inputTokenDetails?.cacheWriteTokens ?? 0,
  };
}

function sumUsage(usages: readonly LanguageModelUsage[]): ClaimJudgement["usage"] {
  const each = usages.map(tokenUsage);
  const sum = (pick: (u: TokenUsage) => number) => each.reduce((t, u) => t + pick(u), 0);
  return {
    inputTokens: sum((u) => u.inputTokens),
    outputTokens: sum((u) => u.outputTokens),
    cacheReadTokens: sum((u) => u.cacheReadTokens),
    cacheWriteTokens: sum((u) => u.cacheWriteTokens),
    totalTokens: usages.reduce(
      (t, u) => t + (u.totalTokens ?? (u.inputTokens ?? 0) + (u.outputTokens ?? 0)),
      0,
    ),
  };
}
