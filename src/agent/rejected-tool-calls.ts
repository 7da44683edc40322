import { NoSuchToolError, type StepResult, type ToolSet } from "ai";
import type { ToolCallLog } from "../tools/tool-call-log.ts";

/**
 * The calls of a step that the SDK refused before any tool ran: a tool that does not exist
 * (or is not loaded yet) is `unknown_tool`, input its schema rejects (or that is not JSON) is
 * `invalid_input`. The model already reads the SDK's error as the call's result; recording
 * them too makes the log hold every call the model made, not only those that reached a tool.
 */
export function rejectedToolCalls(step: {
  content: StepResult<ToolSet>["content"];
}): ToolCallLog[] {
  const rejected: ToolCallLog[] = [];
  for (const part of step.content) {
    if (part.type !== "tool-call" || !part.invalid || part.providerExecuted) continue;
    const input = (typeof part.input === "object" && part.input) as Record<string, unknown>;
    rejected.push({
      name: part.toolName,
      ...(typeof input?.path === "string" ? { path: input.path } : {}),
      ...(typeof input?.query === "string" ? { query: input.query } : {}),
      durationMs: 0,
      ok: false,
      errorType: NoSuchToolError.isInstance(part.error) ? "unknown_tool" : "invalid_input",
    });
  }
  return rejected;
}
