import type { LanguageModelUsage } from "ai";

/**
 * What a run spent thinking, for the log; only what was measured, absent otherwise. Tokens are
 * the server's own count (`completion_tokens_details.reasoning_tokens`); a server that does not
 * report them is not estimated for. Characters are measured from the reasoning the model returned
 * apart from its answer (its `<think>` blocks, or a provider's reasoning field), so a log shows
 * that a model reasoned even when its server keeps the token count to itself.
 */
export function reasoningUsage(
  calls: readonly { usage: LanguageModelUsage | undefined; reasoningText?: string | undefined }[],
): { reasoningTokens?: number; reasoningChars?: number } {
  let tokens = 0;
  let chars = 0;
  for (const call of calls) {
    tokens += call.usage?.outputTokenDetails?.reasoningTokens ?? 0;
    chars += call.reasoningText?.length ?? 0;
  }
  return {
    ...(tokens > 0 ? { reasoningTokens: tokens } : {}),
    ...(chars > 0 ? { reasoningChars: chars } : {}),
  };
}
