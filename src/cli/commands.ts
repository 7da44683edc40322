import type { CliIo } from "./cli-io.ts";
import { EXPLORE_SUMMARY } from "./explore/explore-help.ts";
import { INIT_SUMMARY } from "./init/init-help.ts";
import { INTERVIEW_SUMMARY } from "./interview/interview-help.ts";
import { ISSUES_SUMMARY } from "./issues/issues-help.ts";
import { MCP_SUMMARY } from "./mcp/mcp-help.ts";
import { REFRESH_SUMMARY } from "./refresh/refresh-summary.ts";
import { SERVE_SUMMARY } from "./serve/serve-help.ts";

export type RunCommand = (args: string[], io: CliIo) => Promise<number>;

export interface Command {
  summary: string;
  /**
   * The command's code, imported when it runs: a script calling `--version` in a loop, or an MCP
   * client starting `mcp` on each connection, never waits for the other commands' dependencies.
   */
  load(): Promise<RunCommand>;
  /** Takes --json: a failure is then also one JSON object on stdout. */
  json?: boolean;
}

/** Every subcommand, in the order --help lists them. */
export const commands: Record<string, Command> = {
  explore: {
    summary: EXPLORE_SUMMARY,
    load: async () => (await import("./explore-command.ts")).runExploreCommand,
    json: true,
  },
  refresh: {
    summary: REFRESH_SUMMARY,
    load: async () => (await import("./refresh-command.ts")).runRefreshCommand,
    json: true,
  },
  interview: {
    summary: INTERVIEW_SUMMARY,
    load: async () => (await import("./interview-command.ts")).runInterviewCommand,
  },
  serve: {
    summary: SERVE_SUMMARY,
    load: async () => (await import("./serve-command.ts")).runServeCommand,
  },
  mcp: {
    summary: MCP_SUMMARY,
    load: async () => (await import("./mcp-command.ts")).runMcpCommand,
  },
  issues: {
    summary: ISSUES_SUMMARY,
    load: async () => (await import("./issues-command.ts")).runIssuesCommand,
  },
  init: {
    summary: INIT_SUMMARY,
    load: async () => (await import("./init-command.ts")).runInitCommand,
  },
};
