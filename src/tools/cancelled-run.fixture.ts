import { generateText, isStepCount, type ToolSet } from "ai";
import { MockLanguageModelV4 } from "ai/test";

/** The reason the CLI aborts a run with on Ctrl+C (src/cli/explore-command.ts): a plain Error. */
export const CTRL_C = () => new Error("interrupted (Ctrl+C); nothing was written");

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

export interface CancelledCall {
  /** What the tool threw, as the SDK received it (the model would read `String(toolError)`). */
  toolError: unknown;
  /** What the run rejected with: the run's abort reason. */
  runError: unknown;
}

/**
 * Calls one tool the way a run does, a scripted tool call through generateText with the run's
 * abort signal, for a test that aborts `signal` while the call is in flight. The SDK stops the
 * run, so the model never reads the tool's error; it is taken from onToolExecutionEnd.
 */
export async function driveToolInCancelledRun(
  tools: ToolSet,
  toolName: string,
  input: unknown,
  signal: AbortSignal,
): Promise<CancelledCall> {
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
  let toolError: unknown;
  let ended = false;
  const runError = await generateText({
    model,
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
