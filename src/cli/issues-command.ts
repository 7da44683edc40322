import type { CliIo } from "./cli-io.ts";
import { ISSUES_HELP } from "./issues/issues-help.ts";
import { parseIssuesFlags } from "./issues/issues-options.ts";

export { ISSUES_HELP, ISSUES_SUMMARY } from "./issues/issues-help.ts";

/** `idea-explorer issues`: the command line is checked here; the intake loads only to run. */
export async function runIssuesCommand(args: string[], io: CliIo): Promise<number> {
  const flags = parseIssuesFlags(args);
  if (flags.help) {
    io.stdout.write(`${ISSUES_HELP}\n`);
    return 0;
  }
  const { runIssues } = await import("./issues/run-issues.ts");
  return runIssues(flags, io);
}
