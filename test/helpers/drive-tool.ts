import { generateText, isStepCount, type ToolSet } from "ai";
import { MockLanguageModelV4 } from "ai/test";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

export interface DrivenCall {
  /** The tool-result or tool-error part of the step that called the tool. */
  part: { type: "tool-result"; output: unknown } | { type: "tool-error"; error: unknown };
  /** What the model was sent back for the call: the rendered output or the error text. */
  modelSaw: string;
}

/**
 * Calls one tool the way a model does: a scripted tool call with JSON input goes through
 * generateText, so the tool's zod schema, execute and toModelOutput all run as in production.
 */
export async function driveTool(
  tools: ToolSet,
  toolName: string,
  input: unknown,
): Promise<DrivenCall> {
  const model = new MockLanguageModelV4({
    doGenerate: [
      {
        content: [
          { type: "tool-call", toolCallId: "call-1", toolName, input: JSON.stringify(input) },
        ],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [{ type: "text", text: "ok" }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      },
    ],
  });
  const result = await generateText({ model, tools, prompt: "go", stopWhen: isStepCount(2) });
  const part = result.steps[0]?.content.find(
    (p) => p.type === "tool-result" || p.type === "tool-error",
  ) as DrivenCall["part"] | undefined;
  if (!part) throw new Error(`no result for ${toolName}`);
  const toolMessage = model.doGenerateCalls[1]?.prompt.find((m) => m.role === "tool");
  const first = toolMessage?.role === "tool" ? toolMessage.content[0] : undefined;
  const output = first?.type === "tool-result" ? first.output : undefined;
  const modelSaw =
    output && "value" in output && typeof output.value === "string"
      ? output.value
      : JSON.stringify(output);
  return { part, modelSaw };
}
