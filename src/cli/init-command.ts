import type { CliIo } from "./cli-io.ts";
import { INIT_HELP } from "./init/init-help.ts";
import { parseCommandLine } from "./parse-command-line.ts";
import { UsageError } from "./usage-error.ts";

export { INIT_HELP, INIT_SUMMARY } from "./init/init-help.ts";

const OPTIONS = {
  github: { type: "string" },
  repo: { type: "string" },
  label: { type: "string" },
  force: { type: "boolean" },
  upgrade: { type: "boolean" },
  schedule: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** `idea-explorer init github`: the command line is checked here; the set-up loads only to run. */
export async function runInitCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine("init", args, OPTIONS);
  if (values.help) {
    io.stdout.write(`${INIT_HELP}\n`);
    return 0;
  }
  const [target, ...rest] = positionals;
  if (target !== "github" || rest.length) {
    throw new UsageError(
      `${target === undefined ? "say what to set up" : `unknown set-up "${[target, ...rest].join(" ")}"`}: the only one is "init github" (see idea-explorer init --help)`,
    );
  }
  const { runInitGitHub } = await import("./init/run-init.ts");
  return runInitGitHub(
    {
      github: values.github,
      repo: values.repo,
      label: values.label,
      force: values.force ?? false,
      upgrade: values.upgrade ?? false,
      schedule: values.schedule ?? false,
    },
    io,
  );
}
