import type { CliIo } from "./cli-io.ts";
import { EXPLORE_HELP } from "./explore/explore-help.ts";
import { parseExploreFlags } from "./explore/explore-options.ts";

export { EXPLORE_HELP, EXPLORE_SUMMARY } from "./explore/explore-help.ts";

/**
 * `idea-explorer explore`: the command line is checked here; the exploration's code (the AI SDK,
 * the stores, the MCP client) loads only when there is one to run, so --help and a mistyped
 * option answer at once.
 */
export async function runExploreCommand(args: string[], io: CliIo): Promise<number> {
  const flags = parseExploreFlags(args);
  if (flags.help) {
    io.stdout.write(`${EXPLORE_HELP}\n`);
    return 0;
  }
  const { runExplore } = await import("./explore/run-explore.ts");
  return runExplore(flags, io);
}
