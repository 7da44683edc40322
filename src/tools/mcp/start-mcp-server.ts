import { existsSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ErrorCode, McpError, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { McpServerConfig } from "./mcp-config.ts";

/** At most this many pages of tools/list are read from one server (a runaway cursor stops). */
const MAX_LIST_PAGES = 20;

export interface StartedMcpServer {
  name: string;
  client: Client;
  tools: McpTool[];
}

export interface StartMcpServerOptions {
  /** For the handshake and each tools/list page. */
  timeoutMs: number;
  /** The server's own stderr: shown on ours (default) or dropped. */
  stderr: "inherit" | "ignore";
  clientVersion: string;
}

/** A server that did not start; the message is one line naming it and what to check. */
export class McpStartError extends Error {
  override readonly name = "McpStartError";
}

/**
 * Starts one stdio server, completes the MCP handshake and lists its tools. On any failure the
 * process is stopped and an McpStartError says why, without the server's output (which may hold
 * paths or tokens): the user sees that on stderr when it is inherited.
 */
export async function startMcpServer(
  config: McpServerConfig,
  options: StartMcpServerOptions,
): Promise<StartedMcpServer> {
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args,
    env: config.env,
    stderr: options.stderr,
    ...(config.cwd ? { cwd: config.cwd } : {}),
  });
  const client = new Client({ name: "idea-explorer", version: options.clientVersion });
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const listed = await client.listTools(cursor ? { cursor } : {}, {
        timeout: options.timeoutMs,
      });
      tools.push(...listed.tools);
      cursor = listed.nextCursor;
      if (!cursor) break;
    }
    return { name: config.name, client, tools };
  } catch (error) {
    await client.close().catch(() => {});
    await transport.close().catch(() => {});
    throw new McpStartError(
      `MCP server "${config.name}" did not start: ${reason(error, config, options.timeoutMs)}`,
    );
  }
}

function reason(error: unknown, config: McpServerConfig, timeoutMs: number): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // As configured (after ${VAR} expansion): "/no/such/binary" and "./server" are different
  // mistakes from "binary"; the CLI masks the home folder in the line it prints.
  const command = JSON.stringify(config.command);
  // A missing working folder fails the spawn with the same ENOENT as a missing command.
  if (code === "ENOENT" && config.cwd && !existsSync(config.cwd)) {
    return `its working folder ${JSON.stringify(config.cwd)} does not exist (check its "cwd")`;
  }
  if (code === "ENOENT") return `command ${command} was not found (check its "command" and PATH)`;
  if (code === "EACCES") return `command ${command} is not executable`;
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return `no answer within ${timeoutMs / 1000} s (is ${command} an MCP server speaking stdio?)`;
  }
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
    return "the process exited before completing the MCP handshake";
  }
  return typeof code === "string" ? `it failed (${code})` : "it did not complete the MCP handshake";
}
