import path from "node:path";
import type { McpServerConfig } from "../../src/tools/mcp/mcp-config.ts";
import { REPO_ROOT } from "./run-cli.ts";

/** The fixture MCP server (test/fixtures/mcp-server/server.ts), run by the repository's node. */
export const MCP_FIXTURE_SCRIPT = path.join(REPO_ROOT, "test/fixtures/mcp-server/server.ts");
const NODE = path.join(REPO_ROOT, "node_modules/.bin/node");

/** A config entry that starts the fixture in `mode` (normal, reader, writer, crash, hang). */
export function mcpFixture(
  name: string,
  mode: string,
  extra: Partial<Omit<McpServerConfig, "name" | "command" | "args">> = {},
): McpServerConfig {
  return { name, command: NODE, args: [MCP_FIXTURE_SCRIPT, mode], env: {}, ...extra };
}

/** Whether a process with this id exists (signal 0 checks without signalling). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}
