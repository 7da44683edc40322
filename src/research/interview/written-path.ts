import { type ToolOutcomePart, writtenFileOf } from "../../tools/file-write.ts";

/** A tool-result stream part, as far as write detection needs it. */
export interface StreamedToolResult extends ToolOutcomePart {
  providerExecuted?: boolean;
  preliminary?: boolean;
  dynamic?: boolean;
}

/**
 * The path a streamed part shows was written, or undefined. Decided by part type, tool name and
 * the result's structure (writtenFileOf), never by text: a file_read of a file that starts with
 * "Wrote " is still a read. A provider-executed or runtime-defined (MCP) tool that happens to be
 * called file_write is not ours, and a preliminary result is not a finished write.
 */
export function writtenPath(part: StreamedToolResult): string | undefined {
  if (part.providerExecuted || part.preliminary || part.dynamic) return undefined;
  return writtenFileOf(part);
}
