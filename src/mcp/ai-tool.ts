import type { Tool } from "ai";

/**
 * Runs an AI SDK tool's `execute` for an MCP call, so the MCP server answers with exactly what
 * the agent gets: the same code, checks, logging and errors. The MCP SDK has already validated
 * the input with the tool's own zod schema.
 */
export async function executeAiTool<I, O>(
  tool: Tool<I, O>,
  input: I,
  options: { callId: string; signal: AbortSignal },
): Promise<O> {
  if (!tool.execute) throw new Error("this tool cannot run on its own");
  const output = tool.execute(input, {
    toolCallId: options.callId,
    messages: [],
    abortSignal: options.signal,
    context: undefined as never,
  });
  // The tools served here answer once; none streams preliminary results.
  if (isAsyncIterable(output)) throw new Error("a streaming tool cannot answer an MCP call");
  return output;
}

function isAsyncIterable<T>(value: unknown): value is AsyncIterable<T> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

/** The tool's description as the agent sees it; MCP clients get the same words. */
export function aiToolDescription(tool: Pick<Tool, "description">): string {
  if (typeof tool.description !== "string") throw new Error("the tool has no fixed description");
  return tool.description;
}
