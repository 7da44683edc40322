import type { CliIo } from "./cli-io.ts";
import { MCP_HELP } from "./mcp/mcp-help.ts";
import { parseCommandLine } from "./parse-command-line.ts";
import { REPOSITORY_AND_MODEL_OPTIONS } from "./repository-and-model-options.ts";
import { UsageError } from "./usage-error.ts";

export { MCP_HELP, MCP_SUMMARY } from "./mcp/mcp-help.ts";

const OPTIONS = {
  ...REPOSITORY_AND_MODEL_OPTIONS,
  help: { type: "boolean", short: "h" },
} as const;

/** `idea-explorer mcp`: checks its configuration, then serves MCP over stdio until stopped. */
export async function runMcpCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine("mcp", args, OPTIONS);
  if (values.help) {
    io.stdout.write(`${MCP_HELP}\n`);
    return 0;
  }
  if (positionals.length) {
    throw new UsageError(
      `unexpected argument "${positionals[0]}": mcp takes options only (see idea-explorer mcp --help)`,
    );
  }
  const { runMcp } = await import("./mcp/run-mcp.ts");
  return runMcp(values, io);
}
