import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { z } from "zod";
import type { ToolInputSchemaOf } from "./incoming-message.ts";

interface RegisteredTools {
  _registeredTools?: Record<string, { inputSchema?: unknown; enabled?: boolean }>;
}

/**
 * The input schema McpServer checks each registered tool's arguments with. The SDK answers a
 * failed check as a tool result (isError, one line per field); reading the same schema lets the
 * transport refuse those arguments first as JSON-RPC invalid params (-32602) in one line. The SDK
 * keeps its tools in a private field with no public accessor: if a version renames it, this
 * finds no schema and the SDK's own answer comes back (test/cli/mcp-malformed.test.ts fails).
 */
export function registeredToolInputs(server: McpServer): ToolInputSchemaOf {
  return (name) => {
    const tools = (server as unknown as RegisteredTools)._registeredTools;
    if (!tools || !Object.hasOwn(tools, name)) return undefined;
    const tool = tools[name];
    // A disabled tool is the SDK's to refuse, by name.
    const schema = tool?.enabled === false ? undefined : tool?.inputSchema;
    return isSchema(schema) ? schema : undefined;
  };
}

function isSchema(value: unknown): value is z.ZodType {
  return typeof (value as { safeParse?: unknown } | undefined)?.safeParse === "function";
}
