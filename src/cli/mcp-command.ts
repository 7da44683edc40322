import { parseEnv } from "../config/env.ts";
import { createIdeaExplorerMcpServer } from "../mcp/idea-explorer-mcp-server.ts";
import { serveStdio } from "../mcp/serve-stdio.ts";
import { resolveSearchBackend } from "../search/resolve-search-backend.ts";
import type { CliIo } from "./cli-io.ts";
import { createProgressPrinter } from "./explore/progress-printer.ts";
import { onStopSignal } from "./interrupted.ts";
import { oneLineError } from "./one-line-error.ts";
import { packageVersion } from "./package-version.ts";
import { parseCommandLine } from "./parse-command-line.ts";
import {
  modelFlagsFrom,
  REPOSITORY_AND_MODEL_OPTIONS,
  repositoryChoice,
} from "./repository-and-model-options.ts";
import { requireUsableStore } from "./require-usable-store.ts";
import { resolveCliModel, resolveCliModelOrWarn } from "./resolve-cli-model.ts";
import { resolveStore } from "./resolve-store.ts";
import { UsageError } from "./usage-error.ts";

export const MCP_SUMMARY = "serve explore_idea, read_research and search_research to MCP clients";

export const MCP_HELP = `Usage: idea-explorer mcp [options]

Runs an MCP server over stdio (for Claude Desktop, Claude Code, IDEs and other MCP clients).
Tools:
  explore_idea     research an idea and commit ideas/<date>-<slug>/research.md and
                   exploration-log.json, as explore does; progress as MCP notifications
  read_research    read an earlier research file by its path under ideas/
  search_research  find earlier research by words of its title, idea or folder name
stdout carries MCP messages only; progress, warnings and tool-call logs go to stderr.

Options:
  --repo DIR | --github OWNER/REPO   the ideas repository (default: the current folder)
  --model M, --provider P, --base-url URL, --api-key KEY   the model explore_idea uses, as for explore
  --price-in USD, --price-out USD   its dollars per million input/output tokens, as for explore
  -h, --help                show this help

A bad option or an unusable repository stops the server at start (exit 2; 1 when the repository
is only out of reach for now: network, GitHub 5xx, a rate limit). Without a model key it
starts anyway with a warning: read_research and search_research work, and explore_idea answers
with an error naming the variable to set.
Environment: the variables of explore. Exit codes: 0 stopped (the client closed stdin, SIGINT or
SIGTERM), 1 repository out of reach, 2 bad option or configuration.`;

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
  const env = parseEnv(io.env);
  const log = (line: string) => io.stderr.write(`${line}\n`);
  const model = modelFlagsFrom(values);
  // Every model mistake but a missing key stops the start. A missing key only fails explore_idea
  // (the read-only tools need no model); its warning waits for the checks below, so that a fatal
  // problem is the one line printed.
  const warnings: string[] = [];
  const resolved = resolveCliModelOrWarn(model, env, (message) => {
    warnings.push(`warning: ${message} explore_idea will fail until it is set.`);
  });
  const searchBackend = resolveSearchBackend(env);
  const repository = repositoryChoice(values);
  const store = resolveStore(repository, env, io.cwd);
  // Every tool needs the repository, so one that cannot be used is a start-up error (exit 2).
  await requireUsableStore(store, repository);
  for (const warning of warnings) log(warning);
  const errorLine = (error: unknown) => oneLineError(error, { ...io.env, DEBUG: undefined });
  // Without the key, resolving again throws the message naming the variable to set.
  const resolveModel = () => resolved ?? resolveCliModel(model, env);
  const shutdown = new AbortController();
  const server = createIdeaExplorerMcpServer({
    version: await packageVersion(),
    store,
    resolveModel,
    searchBackend,
    log,
    progress: createProgressPrinter,
    shutdown: shutdown.signal,
    errorLine: (error) => {
      const line = errorLine(error);
      log(`tool call failed: ${line}`);
      if (io.env.DEBUG && error instanceof Error && error.stack) log(error.stack);
      return line;
    },
  });
  log(`idea-explorer MCP server on stdio (${store.description})`);
  await serveStdio(
    server,
    io,
    (reason) => {
      log(`stopping: ${reason}`);
      shutdown.abort(new Error(`the MCP server stopped (${reason}); nothing was written`));
    },
    // Kept to the end: a repeated signal (a process-group kill through the launcher) must not
    // end the process while it closes.
    (stop) =>
      onStopSignal((signal) =>
        stop(signal === "SIGINT" ? "interrupted (SIGINT)" : "terminated (SIGTERM)"),
      ),
  );
  return 0;
}
