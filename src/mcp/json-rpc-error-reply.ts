import type { RequestId } from "@modelcontextprotocol/sdk/types.js";

/**
 * An error reply as JSON-RPC 2.0 words it. `id` is null when the message's id could not be read
 * (unparsable JSON, a batch, a line too long to read): the SDK's own types have no null id.
 */
export interface ErrorReply {
  jsonrpc: "2.0";
  id: RequestId | null;
  error: { code: number; message: string };
}

export function errorReply(id: RequestId | null, code: number, message: string): ErrorReply {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
