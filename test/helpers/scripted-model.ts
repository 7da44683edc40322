import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test";

/** One scripted model step: text, tool calls, or a thrown API error. */
export type ScriptedStep =
  | { text?: string; toolCalls?: { name: string; input: unknown }[] }
  | { error: Error };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/**
 * A MockLanguageModelV4 that streams the given steps in order, one per model call, so a test can
 * script a whole multi-turn conversation and then read what each call was sent.
 */
export function scriptedModel(steps: ScriptedStep[]): MockLanguageModelV4 {
  let call = 0;
  return new MockLanguageModelV4({
    doStream: async () => {
      const step = steps[call++];
      if (!step) throw new Error(`the script has no step ${call}`);
      if ("error" in step) throw step.error;
      return { stream: convertArrayToReadableStream(parts(step, call)) };
    },
  });
}

function parts(
  step: { text?: string; toolCalls?: { name: string; input: unknown }[] },
  call: number,
): LanguageModelV4StreamPart[] {
  const out: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
  if (step.text) {
    // Two deltas, so a test can see text arrive in pieces.
    const half = Math.ceil(step.text.length / 2);
    out.push(
      { type: "text-start", id: "t" },
      { type: "text-delta", id: "t", delta: step.text.slice(0, half) },
      { type: "text-delta", id: "t", delta: step.text.slice(half) },
      { type: "text-end", id: "t" },
    );
  }
  const calls = step.toolCalls ?? [];
  calls.forEach((c, i) => {
    out.push({
      type: "tool-call",
      toolCallId: `call-${call}-${i}`,
      toolName: c.name,
      input: JSON.stringify(c.input),
    });
  });
  out.push({
    type: "finish",
    usage,
    finishReason: { unified: calls.length ? "tool-calls" : "stop", raw: undefined },
  });
  return out;
}
