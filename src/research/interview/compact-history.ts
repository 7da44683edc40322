import type { ModelMessage } from "ai";

/** About 120k tokens at ~4 characters a token: room for the prompt and a long answer. */
export const DEFAULT_HISTORY_CHARS = 480_000;

const sizeOf = (message: ModelMessage) => JSON.stringify(message).length;

/**
 * The conversation made to fit `maxChars`: the oldest tool results (file contents, search
 * results, usually most of the bulk) are replaced by a one-line note, oldest first, until it
 * fits. Every tool call keeps a result, so the history stays valid for every provider, and
 * what the user and the model said is kept word for word. Returns the input when it fits.
 */
export function compactHistory(
  messages: readonly ModelMessage[],
  maxChars = DEFAULT_HISTORY_CHARS,
): ModelMessage[] {
  let total = messages.reduce((sum, m) => sum + sizeOf(m), 0);
  if (total <= maxChars) return [...messages];
  const out = [...messages];
  for (let i = 0; i < out.length && total > maxChars; i++) {
    const message = out[i]!;
    if (message.role !== "tool") continue;
    const compacted: ModelMessage = {
      ...message,
      content: message.content.map((part) =>
        part.type === "tool-result" && !isOmitted(part.output)
          ? { ...part, output: { type: "text" as const, value: omittedNote(part.toolName) } }
          : part,
      ),
    };
    total += sizeOf(compacted) - sizeOf(message);
    out[i] = compacted;
  }
  return out;
}

function omittedNote(toolName: string): string {
  return `[${toolName} result left out to keep the conversation within the model's context; call the tool again if you need it]`;
}

function isOmitted(output: unknown): boolean {
  const value = (output as { type?: string; value?: unknown } | undefined)?.value;
  return typeof value === "string" && value.startsWith("[") && value.includes("result left out");
}
