import { importMcpTools, type McpImport, type McpImportOptions } from "./import-mcp-tools.ts";
import { loadMcpConfig } from "./mcp-config.ts";

/**
 * `--mcp-config FILE` in one call: reads and checks the config, then starts every server and
 * imports its tools. Throws a ConfigError for a bad file and an McpStartError for a server that
 * does not start, each one line. Call `close()` when the run or conversation ends.
 */
export async function loadMcpTools(
  file: string,
  options: McpImportOptions & { env?: Readonly<Record<string, string | undefined>> } = {},
): Promise<McpImport> {
  const { env, ...importOptions } = options;
  const servers = await loadMcpConfig(file, env ? { env } : {});
  return importMcpTools(servers, importOptions);
}
