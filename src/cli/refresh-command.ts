import type { CliIo } from "./cli-io.ts";
import { REFRESH_HELP } from "./refresh/refresh-help.ts";
import { parseRefreshFlags } from "./refresh/refresh-options.ts";

/**
 * `idea-explorer refresh`: the command line is checked here; the runs' code loads only when
 * there is something to do, so --help and a mistyped option answer at once.
 */
export async function runRefreshCommand(args: string[], io: CliIo): Promise<number> {
  const flags = parseRefreshFlags(args);
  if (flags.help) {
    io.stdout.write(`${REFRESH_HELP}\n`);
    return 0;
  }
  const { runRefresh } = await import("./refresh/run-refresh.ts");
  return runRefresh(flags, io);
}
