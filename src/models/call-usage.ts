import type { LanguageModelUsage } from "ai";
import type { CallUsage } from "./pricing.ts";

/**
 * One answered model call's usage, as pricing reads it, from the AI SDK's usage of that call and
 * the server-side searches the provider billed for it.
 */
export function callUsage(usage: LanguageModelUsage | undefined, webSearches: number): CallUsage {
  return {
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    cacheReadTokens: usage?.inputTokenDetails?.cacheReadTokens ?? 0,
    cacheWriteTokens: usage?.inputTokenDetails?.cacheWriteTokens ?? 0,
    cacheWrite1hTokens: hourCacheWrites(usage?.raw),
    webSearches,
  };
}

/**
 * The cache writes a request asked to keep for an hour, which Anthropic reports apart in its raw
 * usage (`cache_creation.ephemeral_1h_input_tokens`); every other write is a 5-minute one.
 */
export function hourCacheWrites(raw: unknown): number {
  const figure = (raw as { cache_creation?: { ephemeral_1h_input_tokens?: unknown } } | undefined)
    ?.cache_creation?.ephemeral_1h_input_tokens;
  return typeof figure === "number" && Number.isFinite(figure) && figure > 0 ? figure : 0;
}
