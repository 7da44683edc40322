import { wrapLanguageModel } from "ai";
import { hourCacheWrites } from "../../../models/call-usage.ts";
import { type CallUsage, costOf, type RunCost } from "../../../models/pricing.ts";
import type { ResolvedModel } from "../../../models/resolve-model.ts";
import type { ResearchOutcome } from "../research-outcome.ts";

type Usage = ResearchOutcome["usage"];

/** The parts of a provider's answer the meter reads (a LanguageModelV4 generate result). */
type Answer = {
  usage: {
    inputTokens: {
      total?: number | undefined;
      cacheRead?: number | undefined;
      cacheWrite?: number | undefined;
    };
    outputTokens: { total?: number | undefined };
    raw?: unknown;
  };
  content: readonly { type: string; toolName?: string; isError?: boolean; result?: unknown }[];
};

/** What the model calls through a metered model have spent. */
export type Metered = { steps: number; usage: Usage; cost?: RunCost };

/**
 * The model with a meter on every answered call. A run that fails (an API error on its third
 * step, its time running out) throws away the usage of the calls that were answered and paid
 * for; the meter keeps it, so a sub-question's failed attempt still counts against the run's
 * token and cost budgets. A call that never got an answer reports no usage, so it cannot count.
 */
export function meteredModel(resolved: ResolvedModel): {
  model: ResolvedModel;
  spent(): Metered;
} {
  const spent: Metered = {
    steps: 0,
    usage: {
      inputTokens: 0,
      outputTokens: 0,
      totalTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    },
  };
  // Each call is kept to be priced on its own: long-context rates apply per request.
  const calls: CallUsage[] = [];
  const record = (result: Answer) => {
    const { inputTokens, outputTokens, raw } = result.usage;
    const call: CallUsage = {
      inputTokens: inputTokens.total ?? 0,
      outputTokens: outputTokens.total ?? 0,
      cacheReadTokens: inputTokens.cacheRead ?? 0,
      cacheWriteTokens: inputTokens.cacheWrite ?? 0,
      cacheWrite1hTokens: hourCacheWrites(raw),
      webSearches: billedSearches(raw, result.content),
    };
    calls.push(call);
    spent.steps += 1;
    spent.usage.inputTokens += call.inputTokens;
    spent.usage.outputTokens += call.outputTokens;
    spent.usage.totalTokens += call.inputTokens + call.outputTokens;
    spent.usage.cacheReadTokens += call.cacheReadTokens;
    spent.usage.cacheWriteTokens += call.cacheWriteTokens;
  };
  // Only a model object can be wrapped; an id string (never what resolveModel returns) goes
  // unmetered rather than failing the run.
  const model =
    typeof resolved.model === "string"
      ? resolved.model
      : wrapLanguageModel({
          model: resolved.model,
          middleware: {
            wrapGenerate: async ({ doGenerate }) => {
              const result = await doGenerate();
              record(result);
              return result;
            },
          },
        });
  return {
    model: { ...resolved, model },
    spent: () => ({
      steps: spent.steps,
      usage: { ...spent.usage },
      cost: costOf(resolved.price, resolved.modelId, calls),
    }),
  };
}

/**
 * Server-side searches the provider bills: what Anthropic reports in its raw usage, or else the
 * searches that returned results (a failed one is not billed).
 */
function billedSearches(raw: unknown, content: Answer["content"]): number {
  const figure = (raw as { server_tool_use?: { web_search_requests?: unknown } } | undefined)
    ?.server_tool_use?.web_search_requests;
  if (typeof figure === "number" && Number.isFinite(figure) && figure >= 0) return figure;
  return content.filter(
    (part) =>
      part.type === "tool-result" &&
      part.toolName === "web_search" &&
      !part.isError &&
      Array.isArray(part.result),
  ).length;
}
