import { describe, expect, it } from "vitest";
import type { McpServerImport } from "../tools/mcp/import-mcp-tools.ts";
import type { McpOptIn } from "../tools/mcp/mcp-tool-access.ts";
import { mcpSkippedToolsWarning } from "./mcp-skipped-tools-warning.ts";

/** A server's import with `offered` tools, of which `skipped` were left out. */
function server(
  skipped: [string, string, McpOptIn[]][],
  offered = skipped.length,
): McpServerImport {
  return {
    name: "notes",
    tools: [],
    skipped: skipped.map(([tool, summary, needs]) => ({ tool, summary, needs })),
    report: Array.from({ length: offered }, () => ({}) as McpServerImport["report"][number]),
  };
}

describe("mcpSkippedToolsWarning", () => {
  it("names the tools left out for their annotations, why, and the fields that would import them", () => {
    const line = mcpSkippedToolsWarning(
      server(
        [
          ["wipe", "destructive", ["allowWrite"]],
          ["feed", "open-world", ["allowOpenWorld"]],
        ],
        3,
      ),
    );
    expect(line).toBe(
      'MCP server "notes": 2 of 3 tools not imported: wipe (destructive), feed (open-world); set "allowWrite": true or "allowOpenWorld": true for "notes" in the MCP config to import them (--dry-run shows each tool\'s annotations)',
    );
  });

  it("says nothing for tools the server's own allowlist leaves out, or when nothing was left out", () => {
    expect(mcpSkippedToolsWarning(server([["other", 'not in "tools"', []]], 2))).toBeUndefined();
    expect(mcpSkippedToolsWarning(server([], 2))).toBeUndefined();
  });

  it("stays one line however many tools a server offers", () => {
    const many = Array.from(
      { length: 30 },
      (_, i) => [`t${i}`, "not read-only", ["allowWrite"]] as [string, string, McpOptIn[]],
    );
    const line = mcpSkippedToolsWarning(server(many)) ?? "";
    expect(line).toContain("30 of 30 tools not imported: t0 (not read-only),");
    expect(line).toContain('t7 (not read-only), and 22 more; set "allowWrite": true for');
    expect(line).not.toContain("t8 ");
    expect(line).not.toContain("\n");
  });
});
