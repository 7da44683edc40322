import type { LanguageModelV4CallOptions, LanguageModelV4Content } from "@ai-sdk/provider";
import { generateId, type LanguageModelMiddleware } from "ai";

/**
 * Some local models, or servers whose chat template does not parse them, answer with the tool
 * call written as text: `{"name": "web_search", "arguments": {…}}`, or Qwen's and Hermes'
 * `<tool_call>{…}</tool_call>`. Taken as an answer, that JSON would end the run as its report.
 * Such an answer becomes the tool call it spells out, and only when nothing else could be meant:
 * the whole text is that one call (a code fence or the tag around it allowed), the tool is one
 * this request offered, tool choice allows it, and the model made no real call. Anything else is
 * left as text. Non-streamed calls only (the research loop); streamed text is shown as it comes.
 */
export const textToolCallsMiddleware: LanguageModelMiddleware = {
  wrapGenerate: async ({ doGenerate, params }) => {
    const result = await doGenerate();
    const call = writtenToolCall(result.content, params);
    if (!call) return result;
    return {
      ...result,
      content: [
        ...result.content.filter((part) => part.type !== "text"),
        { type: "tool-call", toolCallId: generateId(), ...call },
      ],
      finishReason: { ...result.finishReason, unified: "tool-calls" },
    };
  },
};

/** The one tool call the answer's whole text spells out; undefined when it is anything else. */
export function writtenToolCall(
  content: readonly LanguageModelV4Content[],
  params: Pick<LanguageModelV4CallOptions, "tools" | "toolChoice">,
): { toolName: string; input: string } | undefined {
  if (content.some((part) => part.type === "tool-call")) return undefined;
  const text = content
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("")
    .trim();
  const choice = params.toolChoice;
  if (choice?.type === "none") return undefined;
  const spelled = spelledCall(unwrapped(text));
  if (!spelled) return undefined;
  const offered = params.tools?.some((t) => t.type === "function" && t.name === spelled.name);
  if (!offered) return undefined;
  if (choice?.type === "tool" && choice.toolName !== spelled.name) return undefined;
  return { toolName: spelled.name, input: JSON.stringify(spelled.input) };
}

/** The JSON inside one code fence or one `<tool_call>` tag, or the text as it is. */
function unwrapped(text: string): string {
  const fenced = /^```[a-z]*[ \t]*\n([\s\S]*?)\n?```$/i.exec(text);
  const inner = fenced ? (fenced[1] ?? "").trim() : text;
  const tagged = /^<tool_call>([\s\S]*?)<\/tool_call>$/.exec(inner);
  return tagged ? (tagged[1] ?? "").trim() : inner;
}

function spelledCall(json: string): { name: string; input: Record<string, unknown> } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!isObject(value) || typeof value.name !== "string") return undefined;
  const keys = Object.keys(value);
  const argsKey = keys.find((key) => key === "arguments" || key === "parameters");
  // Exactly a name and its arguments: an object with more in it is something else.
  if (keys.length !== (argsKey ? 2 : 1)) return undefined;
  let args = argsKey ? value[argsKey] : {};
  if (typeof args === "string") {
    try {
      args = JSON.parse(args);
    } catch {
      return undefined;
    }
  }
  return isObject(args) ? { name: value.name, input: args } : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
