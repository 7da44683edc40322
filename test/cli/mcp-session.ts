import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import { REPO_ROOT } from "../helpers/run-cli.ts";

export interface McpSession {
  client: Client;
  /** The server process. */
  pid: number;
  stderr(): string;
  /** Errors the client's transport met, e.g. a stdout line that is not an MCP message. */
  protocolErrors: Error[];
  call(
    name: string,
    args: Record<string, unknown>,
    onprogress?: (p: Progress) => void,
  ): Promise<CallToolResult>;
  close(): Promise<void>;
}

/**
 * `idea-explorer mcp <args>` as an MCP client starts it: the installed bin as a child process,
 * JSON-RPC over its stdio, with `env` as its whole environment besides PATH and HOME.
 */
export async function connectMcp(
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(REPO_ROOT, "bin/idea-explorer.js"), "mcp", ...args],
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", HOME: options.cwd, ...options.env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  const protocolErrors: Error[] = [];
  client.onerror = (error) => protocolErrors.push(error);
  await client.connect(transport);
  return {
    client,
    pid: transport.pid as number,
    stderr: () => stderr,
    protocolErrors,
    call: (name, args, onprogress) =>
      client.callTool(
        { name, arguments: args },
        undefined,
        onprogress ? { onprogress } : {},
      ) as Promise<CallToolResult>,
    close: () => client.close(),
  };
}

/** A tool result's text content, joined. */
export const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
