import { InvalidToolInputError, type ToolCallRepairFunction, type ToolSet } from "ai";

/**
 * The SDK's one repair attempt for a tool call whose input it could not use (its
 * `repairToolCall` hook; the SDK calls it at most once per call and checks what it returns
 * against the tool's schema). Local models wrap the input in a code fence, leave a trailing
 * comma, put prose around it, or send it JSON-encoded twice; each is read here as the JSON it
 * plainly is, without a model call.
 *
 * The model is deliberately not asked again from here: an input that is still unusable stays
 * an invalid call, and the SDK hands its error to the model as the call's result, so the model
 * corrects it in its next step. That step is counted against the run's steps, tokens and cost;
 * a model call made from this hook would be invisible to all three. An unknown tool name is not
 * repaired either: the model reads the error and may load the tool with search_tools.
 */
export const repairToolCall: ToolCallRepairFunction<ToolSet> = async ({ toolCall, error }) => {
  if (!InvalidToolInputError.isInstance(error)) return null;
  // Valid JSON its schema refused: nothing to read differently; the model gets the error.
  const strict = parsed(toolCall.input);
  if (strict !== undefined && typeof strict !== "string") return null;
  const value = lenientJson(toolCall.input);
  return value === undefined ? null : { ...toolCall, input: JSON.stringify(value) };
};

/** An object read out of text that is nearly JSON; undefined when no reading is plain. */
export function lenientJson(text: string): Record<string, unknown> | undefined {
  let candidate = unfenced(text.trim());
  for (let depth = 0; depth < 2; depth++) {
    const value = parsed(candidate) ?? parsed(withoutTrailingCommas(outermostObject(candidate)));
    if (typeof value === "string") {
      candidate = value.trim();
      continue;
    }
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  }
  return undefined;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function unfenced(text: string): string {
  const fence = /^```[a-z]*[ \t]*\n([\s\S]*?)\n?```$/i.exec(text);
  return fence ? (fence[1] ?? "").trim() : text;
}

/** From the first `{` to the last `}`: prose around an object is dropped. */
function outermostObject(text: string): string {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  return start !== -1 && end > start ? text.slice(start, end + 1) : text;
}

/** `,` right before `}` or `]`, outside strings. */
function withoutTrailingCommas(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (inString) {
      out += char;
      if (char === "\\") out += text[++i] ?? "";
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    if (char === "," && /^\s*[}\]]/.test(text.slice(i + 1))) continue;
    out += char;
  }
  return out;
}
