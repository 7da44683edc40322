import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { extractReasoningMiddleware, type LanguageModelMiddleware } from "ai";

const OPEN = "<think>";
const CLOSE = "</think>";

/**
 * Local reasoning models (DeepSeek-R1, Qwen3, QwQ… served by Ollama, llama.cpp, vLLM, LM Studio)
 * write their thinking into the answer text as `<think>…</think>`. Taken as the answer, it would
 * be committed at the top of research.md and break a JSON plan. The AI SDK's extraction turns
 * every closed block into a reasoning part, which never reaches a report and is counted in the
 * log. It leaves two shapes real servers send as text, which `balancedThinkTags` closes first:
 * - a block left open at the end (the model ran out of tokens mid-thought);
 * - a closing tag with no opening one (the chat template put `<think>` in the prompt, as
 *   llama.cpp does for DeepSeek-R1): what precedes it is the thinking.
 */
export function thinkBlocksMiddleware(): LanguageModelMiddleware[] {
  // The last middleware sits next to the model: tags are balanced before extraction.
  return [extractReasoningMiddleware({ tagName: "think" }), balancedThinkTagsMiddleware];
}

/** The text with every `<think>` block closed, so the SDK's extraction takes all of them. */
export function balancedThinkTags(text: string): string {
  const firstOpen = text.indexOf(OPEN);
  const firstClose = text.indexOf(CLOSE);
  let balanced = text;
  if (firstClose !== -1 && (firstOpen === -1 || firstClose < firstOpen)) {
    balanced = OPEN + balanced;
  }
  const lastOpen = balanced.lastIndexOf(OPEN);
  if (lastOpen !== -1 && balanced.indexOf(CLOSE, lastOpen) === -1) balanced += CLOSE;
  return balanced;
}

const balancedThinkTagsMiddleware: LanguageModelMiddleware = {
  wrapGenerate: async ({ doGenerate }) => {
    const { content, structuredOutputText, ...rest } = await doGenerate();
    return {
      ...rest,
      content: content.map((part) =>
        part.type === "text" ? { ...part, text: balancedThinkTags(part.text) } : part,
      ),
      ...(structuredOutputText !== undefined && {
        structuredOutputText: balancedThinkTags(structuredOutputText),
      }),
    };
  },
  // Streamed, the SDK's extraction already takes an open block at the end as reasoning. A
  // closing tag without an opening one is caught only at the very start of a text: finding one
  // further in would mean holding back the whole answer, and the answer is shown as it streams.
  wrapStream: async ({ doStream }) => {
    const { stream, ...rest } = await doStream();
    const undecided = new Map<string, string>();
    const decided = new Set<string>();
    return {
      ...rest,
      stream: stream.pipeThrough(
        new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
          transform(part, controller) {
            const held = part.type === "text-end" ? undecided.get(part.id) : undefined;
            if (part.type === "text-end" && held !== undefined) {
              controller.enqueue({ type: "text-delta", id: part.id, delta: opened(held) });
              undecided.delete(part.id);
            }
            if (part.type !== "text-delta" || decided.has(part.id)) {
              controller.enqueue(part);
              return;
            }
            const text = (undecided.get(part.id) ?? "") + part.delta;
            if (CLOSE.startsWith(text.trimStart())) {
              undecided.set(part.id, text);
              return;
            }
            undecided.delete(part.id);
            decided.add(part.id);
            controller.enqueue({ ...part, delta: opened(text) });
          },
        }),
      ),
    };
  },
};

/** A text that starts with a closing tag gets its opening one (it thought, then answered). */
function opened(start: string): string {
  return start.trimStart().startsWith(CLOSE) ? OPEN + start : start;
}
