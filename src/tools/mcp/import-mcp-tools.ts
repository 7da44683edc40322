import { ErrorCode, McpError, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { dynamicTool, type JSONSchema7, jsonSchema, type ToolSet } from "ai";
import { oneLine } from "../../config/one-line.ts";
import type { CatalogMetadata } from "../catalog/catalog-entry-from-tool.ts";
import { ToolCallError } from "../tool-call-error.ts";
import { logToolCall, type OnToolCall } from "../tool-call-log.ts";
import type { McpServerConfig } from "./mcp-config.ts";
import { type McpCallResult, mcpResultText } from "./mcp-result-text.ts";
import { mcpToolName } from "./mcp-tool-name.ts";
import { type StartedMcpServer, startMcpServer } from "./start-mcp-server.ts";

const MAX_DESCRIPTION_CHARS = 1_000;
const MAX_ERROR_CHARS = 2_000;

export interface McpImportOptions {
  /** For starting each server and listing its tools (default 30 s). */
  startTimeoutMs?: number;
  /** For each tool call (default 60 s); the call is also cancelled when the run is aborted. */
  callTimeoutMs?: number;
  /** The most characters of one result the model reads (default 100,000). */
  maxResultChars?: number;
  /** The servers' stderr: shown on ours (default) or dropped. */
  stderr?: "inherit" | "ignore";
  /** Receives one entry per call; without it each call is logged as one JSON line on stderr. */
  onToolCall?: OnToolCall;
}

export interface McpImport {
  /** Every server's tools as AI SDK dynamic tools, in config order then the server's order. */
  tools: ToolSet;
  /** Catalog metadata per tool: category "MCP: <server>", never core (found via search_tools). */
  catalogMetadata: Record<string, CatalogMetadata>;
  /** What was imported: per server, the model-facing tool names. */
  servers: { name: string; tools: string[] }[];
  /**
   * Where later calls are reported, e.g. a run's tool-call recorder: the servers start before
   * the run that uses them (so a bad config fails first), and the run's log exists only then.
   */
  reportCallsTo(onToolCall: OnToolCall): void;
  /** Stops every server process. Safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Starts the configured MCP servers over stdio (all at once) and imports their tools. If any
 * server fails to start, the others are stopped and the error names the one that failed.
 */
export async function importMcpTools(
  servers: readonly McpServerConfig[],
  options: McpImportOptions = {},
): Promise<McpImport> {
  const startOptions = {
    timeoutMs: options.startTimeoutMs ?? 30_000,
    stderr: options.stderr ?? "inherit",
    clientVersion: "0.1.0",
  } as const;
  const settled = await Promise.allSettled(servers.map((s) => startMcpServer(s, startOptions)));
  const started = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const close = async () => {
    await Promise.allSettled(started.map((s) => s.client.close()));
  };
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) {
    await close();
    throw failed.reason;
  }

  let report: OnToolCall = options.onToolCall ?? ((entry) => logToolCall(entry));
  const reportCall: OnToolCall = (entry) => report(entry);
  const tools: ToolSet = {};
  const catalogMetadata: Record<string, CatalogMetadata> = {};
  const imported: McpImport["servers"] = [];
  const taken = new Set<string>();
  for (const server of started) {
    const names: string[] = [];
    for (const mcpTool of server.tools) {
      const name = mcpToolName(server.name, mcpTool.name, taken);
      taken.add(name);
      names.push(name);
      tools[name] = importTool(server, mcpTool, name, options, reportCall);
      catalogMetadata[name] = {
        category: `MCP: ${server.name}`,
        core: false,
        aliases: [mcpTool.name, ...(mcpTool.title ? [mcpTool.title] : [])],
      };
    }
    imported.push({ name: server.name, tools: names });
  }
  return {
    tools,
    catalogMetadata,
    servers: imported,
    reportCallsTo: (onToolCall) => {
      report = onToolCall;
    },
    close,
  };
}

function importTool(
  server: StartedMcpServer,
  mcpTool: McpTool,
  name: string,
  options: McpImportOptions,
  report: OnToolCall,
) {
  const callTimeoutMs = options.callTimeoutMs ?? 60_000;
  const maxResultChars = options.maxResultChars ?? 100_000;
  return dynamicTool({
    description: describe(server.name, mcpTool),
    inputSchema: jsonSchema(mcpTool.inputSchema as JSONSchema7),
    // Not sent to the model: lets a runner or UI tell which server a call went to.
    metadata: { mcpServer: server.name, mcpTool: mcpTool.name },
    execute: async (input, { abortSignal }) => {
      const started = performance.now();
      const log = (ok: boolean, extra: { bytes?: number; errorType?: string }) =>
        report({ name, durationMs: Math.round(performance.now() - started), ok, ...extra });
      try {
        if (input === null || typeof input !== "object" || Array.isArray(input)) {
          throw new McpToolError(`${name} takes a JSON object of arguments`, "invalid_input");
        }
        const result = (await server.client.callTool(
          { name: mcpTool.name, arguments: input as Record<string, unknown> },
          undefined,
          { timeout: callTimeoutMs, ...(abortSignal ? { signal: abortSignal } : {}) },
        )) as McpCallResult;
        const text = mcpResultText(result, result.isError ? MAX_ERROR_CHARS : maxResultChars);
        if (result.isError) {
          throw new McpToolError(
            text || `${mcpTool.name} reported an error without a message`,
            "tool_error",
          );
        }
        log(true, { bytes: text.length });
        return text;
      } catch (error) {
        const failure = abortSignal?.aborted
          ? new McpToolError(`the call to ${mcpTool.name} was cancelled`, "aborted")
          : describeFailure(error, server.name, mcpTool.name, callTimeoutMs);
        log(false, { errorType: failure.errorType });
        throw failure;
      }
    },
  });
}

/** An MCP tool call that failed; the model reads "McpToolError: <message>". */
export class McpToolError extends ToolCallError {
  override readonly name = "McpToolError";
}

function describe(server: string, tool: McpTool): string {
  const own = (tool.description ?? "").trim();
  const text = own || `The "${tool.title ?? tool.name}" tool.`;
  const capped =
    text.length > MAX_DESCRIPTION_CHARS ? `${text.slice(0, MAX_DESCRIPTION_CHARS)}…` : text;
  return `${capped} (From the ${server} MCP server.)`;
}

function describeFailure(
  error: unknown,
  server: string,
  tool: string,
  timeoutMs: number,
): McpToolError {
  if (error instanceof McpToolError) return error;
  if (error instanceof McpError) {
    // The SDK also reports a cancelled call as RequestTimeout; the caller checks its signal first.
    if (error.code === ErrorCode.RequestTimeout) {
      return new McpToolError(
        `the ${server} MCP server did not answer ${tool} within ${timeoutMs / 1000} s`,
        "timeout",
      );
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return new McpToolError(
        `the ${server} MCP server is not running (its connection closed)`,
        "server_closed",
      );
    }
    // Protocol errors (invalid arguments, unknown tool) are the server's words, meant for callers.
    return new McpToolError(oneLine(error.message, 500), "protocol_error");
  }
  return new McpToolError(`the call to ${tool} on the ${server} MCP server failed`, "mcp_error");
}
