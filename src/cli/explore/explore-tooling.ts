import path from "node:path";
import { ConfigError } from "../../config/config-error.ts";
import { parseEnv } from "../../config/env.ts";
import type { ExploreTooling } from "../../research/explore/explore-tools.ts";
import {
  privateHosts,
  webFetchToolingFromEnv,
  withFlags,
} from "../../research/explore/web-fetch-tooling.ts";
import { openSandboxRoot, SandboxRootError } from "../../sandbox/sandbox-root.ts";
import type { CliIo } from "../cli-io.ts";
import { startMcpTools } from "../start-mcp-tools.ts";
import type { ExploreFlags } from "./explore-options.ts";

/** The tooling of one run, and how to release it (stops MCP servers). */
export interface ResolvedTooling {
  tooling: ExploreTooling;
  close(): Promise<void>;
}

/**
 * Checks --codebase and --mcp-config and starts the MCP servers, all before any
 * model call: each mistake is one line (a ConfigError, exit 2) naming the option to fix.
 * Call close() when the run ends, however it ends.
 */
export async function resolveExploreTooling(
  flags: ExploreFlags["tooling"],
  io: CliIo,
): Promise<ResolvedTooling> {
  const codebase = flags.codebase === undefined ? undefined : checkCodebase(flags.codebase, io);
  const mcp = flags.mcpConfig
    ? await startMcpTools(flags.mcpConfig, io.cwd, {
        env: io.env,
        onWarning: (line) => io.stderr.write(`warning: ${line}\n`),
      })
    : undefined;
  return {
    tooling: {
      codebase,
      mcp,
      webFetch: withFlags(webFetchToolingFromEnv(parseEnv(io.env)), {
        allowPrivate:
          flags.allowPrivateFetch || privateHosts("--private-fetch-hosts", flags.privateFetchHosts),
      }),
      toolSearch: flags.toolSearch,
    },
    close: async () => {
      await mcp?.close();
    },
  };
}

function checkCodebase(dir: string, io: CliIo): string {
  try {
    return openSandboxRoot(path.resolve(io.cwd, dir), { label: "codebase folder" }).realPath;
  } catch (error) {
    // The sandbox's messages name no host path; the user's own spelling says which folder.
    if (error instanceof SandboxRootError) throw new ConfigError(`--codebase: ${error.message}`);
    throw error;
  }
}
