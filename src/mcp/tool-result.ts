import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { oneLine } from "../config/one-line.ts";

/** A successful tool result: text for people and models, the same facts as structured data. */
export function toolResult(text: string, structured?: object): CallToolResult {
  return {
    content: [{ type: "text", text }],
    ...(structured ? { structuredContent: { ...structured } } : {}),
  };
}

/**
 * A failed tool call as the client sees it: `isError: true` and one line naming what went wrong
 * (line breaks folded), so the calling model can read it and the server carries on.
 */
export function toolError(message: string, structured?: object): CallToolResult {
  return { ...toolResult(oneLine(message), structured), isError: true };
}

/**
 * A tool handler whose failures, expected or not, come back as tool errors in the words of
 * `errorLine` (one line, secrets masked) instead of the SDK's raw message.
 */
export function guarded<I, E>(
  errorLine: (error: unknown) => string,
  handler: (input: I, extra: E) => Promise<CallToolResult>,
): (input: I, extra: E) => Promise<CallToolResult> {
  return async (input, extra) => {
    try {
      return await handler(input, extra);
    } catch (error) {
      return toolError(errorLine(error));
    }
  };
}
