import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { ConfigError } from "../../config/config-error.ts";
import type { McpServerConfig } from "./mcp-config.ts";
import { toolDisplayName } from "./mcp-tool-description.ts";

const NAMES_SHOWN = 10;

/**
 * A name in "tools" that the server does not offer is a typo or a server that changed: either
 * way the operator meant to grant something and would silently get less, so it stops the run
 * (before any model call) with one line naming the server, the name and what the server has.
 */
export function checkToolAllowlist(
  config: Pick<McpServerConfig, "name" | "tools">,
  offered: readonly Pick<McpTool, "name">[],
): void {
  const have = new Set(offered.map((tool) => tool.name));
  const missing = (config.tools ?? []).find((name) => !have.has(name));
  if (missing === undefined) return;
  // The server's names are its text: cleaned and few, so the line stays one readable line.
  const names = offered.slice(0, NAMES_SHOWN).map((tool) => toolDisplayName(tool.name));
  const more = offered.length > NAMES_SHOWN ? `, … (${offered.length} in all)` : "";
  const has = names.length ? `it has ${names.join(", ")}${more}` : "it has no tools";
  throw new ConfigError(
    `MCP config: mcpServers.${config.name}.tools: server "${config.name}" has no tool ${JSON.stringify(missing.slice(0, 100))} (${has})`,
  );
}
