import path from "node:path";
import { ConfigError } from "../config/config-error.ts";
import type { McpImport, McpImportOptions } from "../tools/mcp/import-mcp-tools.ts";
import { mcpSkippedToolsWarning } from "./mcp-skipped-tools-warning.ts";

/**
 * --mcp-config FILE (relative to `cwd`): starts the configured MCP servers and imports their
 * tools. A server that does not start is a configuration problem too (a ConfigError naming
 * --mcp-config, exit 2, like a bad file). Each server whose tools were left out for their
 * annotations gets one warning line. Shared by explore and interview.
 */
export async function startMcpTools(
  file: string,
  cwd: string,
  options: McpImportOptions & {
    env: Record<string, string | undefined>;
    /** Receives each warning line, without the "warning: " prefix. */
    onWarning: (line: string) => void;
  },
): Promise<McpImport> {
  // The MCP SDK loads only for a run that has MCP servers to start.
  const [{ loadMcpTools }, { McpStartError }] = await Promise.all([
    import("../tools/mcp/load-mcp-tools.ts"),
    import("../tools/mcp/start-mcp-server.ts"),
  ]);
  const { onWarning, ...loadOptions } = options;
  let mcp: McpImport;
  try {
    mcp = await loadMcpTools(path.resolve(cwd, file), loadOptions);
  } catch (error) {
    if (error instanceof McpStartError) throw new ConfigError(`--mcp-config: ${error.message}`);
    throw error;
  }
  for (const server of mcp.servers) {
    const warning = mcpSkippedToolsWarning(server);
    if (warning) onWarning(warning);
  }
  return mcp;
}
