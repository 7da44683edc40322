import type { McpServerImport } from "../tools/mcp/import-mcp-tools.ts";

const NAMES_SHOWN = 8;

/**
 * One line per server whose annotations kept tools out, so a tool the operator expected is not
 * lost in silence: which ones, why in a word or two, and the config field that would import
 * them. Tools left out by the server's own "tools" list are the operator's choice: no warning.
 */
export function mcpSkippedToolsWarning(server: McpServerImport): string | undefined {
  const skipped = server.skipped.filter((tool) => tool.needs.length > 0);
  if (skipped.length === 0) return undefined;
  const offered = server.report.length;
  const shown = skipped.slice(0, NAMES_SHOWN).map((tool) => `${tool.tool} (${tool.summary})`);
  const more = skipped.length > NAMES_SHOWN ? `, and ${skipped.length - NAMES_SHOWN} more` : "";
  const needs = [...new Set(skipped.flatMap((tool) => tool.needs))];
  const set = needs.map((field) => `"${field}": true`).join(" or ");
  const them = skipped.length === 1 ? "it" : "them";
  return `MCP server "${server.name}": ${skipped.length} of ${offered} tools not imported: ${shown.join(", ")}${more}; set ${set} for "${server.name}" in the MCP config to import ${them} (--dry-run shows each tool's annotations)`;
}
