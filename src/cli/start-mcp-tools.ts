import path from "node:path";
import { ConfigError } from "../config/config-error.ts";
import type { McpImport, McpImportOptions } from "../tools/mcp/import-mcp-tools.ts";

/**
 * --mcp-config FILE (relative to `cwd`): starts the configured MCP servers and imports their
 * tools. A server that does not start is a configuration problem too (a ConfigError naming
 * --mcp-config, exit 2, like a bad file). Shared by explore and interview.
 */
export async function startMcpTools(
  file: string,
  cwd: string,
  options: McpImportOptions & { env: Record<string, string | undefined> },
): Promise<McpImport> {
  // The MCP SDK loads only for a run that has MCP servers to start.
  const [{ loadMcpTools }, { McpStartError }] = await Promise.all([
    import("../tools/mcp/load-mcp-tools.ts"),
    import("../tools/mcp/start-mcp-server.ts"),
  ]);
  try {
    return await loadMcpTools(path.resolve(cwd, file), options);
  } catch (error) {
    if (error instanceof McpStartError) throw new ConfigError(`--mcp-config: ${error.message}`);
    throw error;
  }
}
