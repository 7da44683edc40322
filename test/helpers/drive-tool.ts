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
  /** The same, as the SDK shaped it: `{ type: "text" | "json" | "error-text", value }`. */
  seenByModel: { type: string; value: unknown };
  /** The tool definitions the provider was given on the first call (JSON schema included). */
  toolsSent: readonly { type: string; name: string }[];
}

/**
 * Calls one tool the way a model does: a scripted tool call with JSON input goes through
 * generateText, so the tool's zod schema, execute and toModelOutput all run as in production.
 */
export function driveTool(tools: ToolSet, toolName: string, input: unknown): Promise<DrivenCall> {
  return driveToolRaw(tools, toolName, JSON.stringify(input));
}

/**
 * The same with the tool call's input as raw text, exactly what a provider hands the SDK:
 * for malformed JSON and inputs no schema would accept.
 */
export async function driveToolRaw(
  tools: ToolSet,
  toolName: string,
  rawInput: string,
): Promise<DrivenCall> {
  const model = oneToolCallModel(toolName, rawInput);
  const result = await generateText({ model, tools, prompt: "go", stopWhen: isStepCount(2) });
  const part = result.steps[0]?.content.find(
    (p) => p.type === "tool-result" || p.type === "tool-error",
  ) as DrivenCall["part"] | undefined;
  if (!part) throw new Error(`no result for ${toolName}`);
  const toolMessage = model.doGenerateCalls[1]?.prompt.find((m) => m.role === "tool");
  const first = toolMessage?.role === "tool" ? toolMessage.content[0] : undefined;
  if (first?.type !== "tool-result") throw new Error(`no tool-result sent back for ${toolName}`);
  const seenByModel = first.output as { type: string; value: unknown };
  const modelSaw =
    typeof seenByModel.value === "string" ? seenByModel.value : JSON.stringify(seenByModel);
  const toolsSent = (model.doGenerateCalls[0]?.tools ?? []) as DrivenCall["toolsSent"];
  return { part, modelSaw, seenByModel, toolsSent };
}

/** A model that calls `toolName` once with `rawInput`, then answers "ok". */
function oneToolCallModel(toolName: string, rawInput: string) {
  return new MockLanguageModelV4({
    doGenerate: [
      {
        content: [{ type: "tool-call", toolCallId: "call-1", toolName, input: rawInput }],
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
}

/** The reason the CLI aborts a run with on Ctrl+C (src/cli/explore/run-explore.ts): a plain Error. */
export const CTRL_C = () => new Error("interrupted (Ctrl+C); nothing was written");

export interface CancelledCall {
  /** What the tool threw, as the SDK received it (the model would read `String(toolError)`). */
  toolError: unknown;
  /** What the run rejected with: the run's abort reason. */
  runError: unknown;
}

/**
 * Calls one tool the way a run does, for a test that aborts `signal` while the call is in
 * flight. The SDK stops the run, so the model never reads the tool's error; it is taken from
 * onToolExecutionEnd.
 */
export async function driveToolInCancelledRun(
  tools: ToolSet,
  toolName: string,
  input: unknown,
  signal: AbortSignal,
): Promise<CancelledCall> {
  let toolError: unknown;
  let ended = false;
  const runError = await generateText({
    model: oneToolCallModel(toolName, JSON.stringify(input)),
    tools,
    prompt: "go",
    stopWhen: isStepCount(2),
    abortSignal: signal,
    onToolExecutionEnd: ({ toolOutput }) => {
      ended = true;
      if (toolOutput.type === "tool-error") toolError = toolOutput.error;
    },
  }).then(
    () => {
      throw new Error("expected the run to be cancelled");
    },
    (error: unknown) => error,
  );
  if (!ended) throw new Error(`${toolName} never finished`);
  if (toolError === undefined) throw new Error(`expected ${toolName} to fail`);
  return { toolError, runError };
}
