import type { McpImport } from "../../tools/mcp/import-mcp-tools.ts";
import { formatAnnotations } from "../../tools/mcp/mcp-tool-annotations.ts";

/**
 * --dry-run's account of the MCP servers: every tool each offered, imported (under which name)
 * or left out (and why), with its annotations as the server gave them, so an operator can see
 * what an opt-in would grant before setting it.
 */
export function mcpDryRunLines(mcp: McpImport): string[] {
  const lines = ["MCP tools (read-only ones unless the config opts in):"];
  for (const server of mcp.servers) {
    lines.push(`  ${server.name}: ${server.tools.length} of ${server.report.length} imported`);
    for (const tool of server.report) {
      const outcome = tool.imported ? `imported as ${tool.name}` : `skipped, ${tool.reason}`;
      lines.push(`    ${tool.tool}: ${outcome} [${formatAnnotations(tool.annotations)}]`);
    }
  }
  return lines;
}

/** The same for --dry-run --json: each hint as { value, given } (given false: the default). */
export function mcpDryRunJson(mcp: McpImport) {
  return mcp.servers.map((server) => ({
    server: server.name,
    tools: server.report.map((tool) => ({
      tool: tool.tool,
      imported: tool.imported,
      ...(tool.name ? { name: tool.name } : {}),
      ...(tool.reason ? { reason: tool.reason } : {}),
      annotations: tool.annotations,
    })),
  }));
}
