import type { CliIo } from "./cli-io.ts";
import { EXPLORE_SUMMARY, runExploreCommand } from "./explore-command.ts";
import { INTERVIEW_SUMMARY, runInterviewCommand } from "./interview-command.ts";
import { MCP_SUMMARY, runMcpCommand } from "./mcp-command.ts";
import { runServeCommand, SERVE_SUMMARY } from "./serve-command.ts";

export interface Command {
  summary: string;
  run(args: string[], io: CliIo): Promise<number>;
  /** Takes --json: a failure is then also one JSON object on stdout. */
  json?: boolean;
}

/** Every subcommand, in the order --help lists them. */
export const commands: Record<string, Command> = {
  explore: { summary: EXPLORE_SUMMARY, run: runExploreCommand, json: true },
  interview: { summary: INTERVIEW_SUMMARY, run: runInterviewCommand },
  serve: { summary: SERVE_SUMMARY, run: runServeCommand },
  mcp: { summary: MCP_SUMMARY, run: runMcpCommand },
};
