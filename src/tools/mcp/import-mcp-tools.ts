import { ErrorCode, McpError, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { dynamicTool, jsonSchema, type ToolSet } from "ai";
import { oneLine } from "../../config/one-line.ts";
import type { CatalogMetadata } from "../catalog/catalog-entry-from-tool.ts";
import { ToolCallError } from "../tool-call-error.ts";
import { logToolCall, type OnToolCall } from "../tool-call-log.ts";
import { fenceUntrusted } from "../untrusted-text.ts";
import { checkToolAllowlist } from "./check-tool-allowlist.ts";
import type { McpServerConfig } from "./mcp-config.ts";
import { cleanInputSchema } from "./mcp-input-schema.ts";
import { type McpCallResult, mcpResultText } from "./mcp-result-text.ts";
import { importDecision, type McpOptIn } from "./mcp-tool-access.ts";
import { type ToolAnnotations, toolAnnotations } from "./mcp-tool-annotations.ts";
import { toolDescription, toolDisplayName, toolTitle } from "./mcp-tool-description.ts";
import { mcpToolName } from "./mcp-tool-name.ts";
import { type StartedMcpServer, startMcpServer } from "./start-mcp-server.ts";

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
  /** Per server, in config order: the model-facing names imported, and the tools left out. */
  servers: McpServerImport[];
  /**
   * Where later calls are reported, e.g. a run's tool-call recorder: the servers start before
   * the run that uses them (so a bad config fails first), and the run's log exists only then.
   */
  reportCallsTo(onToolCall: OnToolCall): void;
  /** Stops every server process. Safe to call more than once. */
  close(): Promise<void>;
}

/** One tool a server offered, imported or not, as --dry-run shows it. */
export interface McpToolReport {
  /** The server's own name for it (cleaned for display). */
  tool: string;
  /** The model-facing name when imported. */
  name?: string;
  imported: boolean;
  /** Why it was left out (with the opt-in that would import it). */
  reason?: string;
  annotations: ToolAnnotations;
}

export interface McpServerImport {
  name: string;
  /** The model-facing names imported. */
  tools: string[];
  /** Tools left out by the allowlist or by their annotations, with short reasons. */
  skipped: { tool: string; summary: string; needs: McpOptIn[] }[];
  /** Every tool the server listed, in its order. */
  report: McpToolReport[];
}

/**
 * Starts the configured MCP servers over stdio (all at once) and imports the tools each may
 * give (see importDecision: read-only ones unless the config opts in). If any server fails to
 * start, or its "tools" names one it does not have, every server is stopped and the error
 * names the server.
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
  try {
    for (const [i, server] of started.entries()) {
      checkToolAllowlist(servers[i] as McpServerConfig, server.tools);
    }
  } catch (error) {
    await close();
    throw error;
  }

  let report: OnToolCall = options.onToolCall ?? ((entry) => logToolCall(entry));
  const reportCall: OnToolCall = (entry) => report(entry);
  const tools: ToolSet = {};
  const catalogMetadata: Record<string, CatalogMetadata> = {};
  const imported: McpImport["servers"] = [];
  const taken = new Set<string>();
  started.forEach((server, i) => {
    const config = servers[i] as McpServerConfig;
    const entry: McpServerImport = { name: server.name, tools: [], skipped: [], report: [] };
    for (const mcpTool of server.tools) {
      const annotations = toolAnnotations(mcpTool);
      const shown = toolDisplayName(mcpTool.name);
      const decision = importDecision(server.name, config, mcpTool.name, annotations);
      if (!decision.imported) {
        const { summary, needs, reason } = decision;
        entry.skipped.push({ tool: shown, summary, needs });
        entry.report.push({ tool: shown, imported: false, reason, annotations });
        continue;
      }
      const name = mcpToolName(server.name, mcpTool.name, taken);
      taken.add(name);
      entry.tools.push(name);
      entry.report.push({ tool: shown, name, imported: true, annotations });
      tools[name] = importTool(server, mcpTool, name, options, reportCall);
      const title = toolTitle(mcpTool);
      catalogMetadata[name] = {
        category: `MCP: ${server.name}`,
        core: false,
        aliases: [mcpTool.name, ...(title ? [title] : [])],
      };
    }
    imported.push(entry);
  });
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
  // Whatever the server answers is its text, errors included: the model reads it as data.
  const origin = { kind: "MCP tool result", from: `${server.name}/${mcpTool.name}` } as const;
  const fence = (text: string) => fenceUntrusted(origin, text);
  return dynamicTool({
    description: toolDescription(server.name, mcpTool),
    inputSchema: jsonSchema(cleanInputSchema(mcpTool.inputSchema)),
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
            text ? fence(text) : `${mcpTool.name} reported an error without a message`,
            "tool_error",
          );
        }
        log(true, { bytes: text.length });
        return fence(text);
      } catch (error) {
        const failure = abortSignal?.aborted
          ? new McpToolError(`the call to ${mcpTool.name} was cancelled`, "aborted")
          : describeFailure(error, server.name, mcpTool.name, callTimeoutMs, fence);
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

function describeFailure(
  error: unknown,
  server: string,
  tool: string,
  timeoutMs: number,
  fence: (text: string) => string,
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
    return new McpToolError(fence(oneLine(error.message, 500)), "protocol_error");
  }
  return new McpToolError(`the call to ${tool} on the ${server} MCP server failed`, "mcp_error");
}
