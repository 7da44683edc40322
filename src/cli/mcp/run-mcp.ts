import { parseEnv } from "../../config/env.ts";
import { createIdeaExplorerMcpServer } from "../../mcp/idea-explorer-mcp-server.ts";
import { serveStdio } from "../../mcp/serve-stdio.ts";
import { webFetchToolingFromEnv } from "../../research/explore/web-fetch-tooling.ts";
import { resolveSearchBackend } from "../../search/resolve-search-backend.ts";
import type { CliIo } from "../cli-io.ts";
import { createProgressPrinter } from "../explore/progress-printer.ts";
import { onStopSignal } from "../interrupted.ts";
import { oneLineError } from "../one-line-error.ts";
import { packageVersion } from "../package-version.ts";
import { modelFlagsFrom, repositoryChoice } from "../repository-and-model-options.ts";
import { requireUsableStore } from "../require-usable-store.ts";
import { resolveCliModel, resolveCliModelOrWarn } from "../resolve-cli-model.ts";
import { resolveStore } from "../resolve-store.ts";

/**
 * The MCP server once its command line is checked and is not --help: checks its configuration,
 * then serves MCP over stdio until stopped. Loaded only then, with the MCP SDK.
 */
export async function runMcp(
  values: Parameters<typeof modelFlagsFrom>[0],
  io: CliIo,
): Promise<number> {
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
  const store = await resolveStore(repository, env, io.cwd);
  // Every tool needs the repository, so one that cannot be used is a start-up error (exit 2).
  await requireUsableStore(store, repository);
  for (const warning of warnings) log(warning);
  const errorLine = (error: unknown) =>
    oneLineError(error, { ...io.env, DEBUG: undefined }, io.redact);
  // Without the key, resolving again throws the message naming the variable to set.
  const resolveModel = () => resolved ?? resolveCliModel(model, env);
  const shutdown = new AbortController();
  const server = createIdeaExplorerMcpServer({
    version: await packageVersion(),
    store,
    resolveModel,
    searchBackend,
    tooling: { webFetch: webFetchToolingFromEnv(env) },
    log,
    progress: createProgressPrinter,
    shutdown: shutdown.signal,
    errorLine: (error) => {
      const line = errorLine(error);
      log(`tool call failed: ${line}`);
      if (io.env.DEBUG && error instanceof Error && error.stack) log(io.redact(error.stack));
      return line;
    },
  });
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
    // Said once a SIGTERM is ours to handle: a supervisor (or a test) may act on this line.
    () => log(`idea-explorer MCP server on stdio (${store.description})`),
  );
  return 0;
}
