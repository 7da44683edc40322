import type { CliIo } from "./cli-io.ts";
import { integerOption, parseCommandLine } from "./parse-command-line.ts";
import { REPOSITORY_AND_MODEL_OPTIONS } from "./repository-and-model-options.ts";
import { SERVE_HELP } from "./serve/serve-help.ts";
import { UsageError } from "./usage-error.ts";

export { SERVE_HELP, SERVE_SUMMARY } from "./serve/serve-help.ts";

const OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  concurrency: { type: "string" },
  "data-dir": { type: "string" },
  "rate-limit": { type: "string" },
  "allow-private-webhooks": { type: "boolean" },
  "refresh-every": { type: "string" },
  "refresh-older-than": { type: "string" },
  "refresh-limit": { type: "string" },
  "refresh-max-cost": { type: "string" },
  ...REPOSITORY_AND_MODEL_OPTIONS,
  help: { type: "boolean", short: "h" },
} as const;

/** `idea-explorer serve`: runs until SIGINT/SIGTERM, then stops cleanly (jobs resume later). */
export async function runServeCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine("serve", args, OPTIONS);
  if (values.help) {
    io.stdout.write(`${SERVE_HELP}\n`);
    return 0;
  }
  if (positionals.length) {
    throw new UsageError(
      `unexpected argument "${positionals[0]}": serve takes options only (see idea-explorer serve --help)`,
    );
  }
  const numbers = {
    port: boundedOption("port", values.port, 0, 65_535),
    concurrency: boundedOption("concurrency", values.concurrency, 1, 64),
    rateLimit: boundedOption("rate-limit", values["rate-limit"], 0, 100_000),
  };
  const { runServe } = await import("./serve/run-serve.ts");
  return runServe(values, numbers, io);
}

function boundedOption(name: string, value: string | undefined, min: number, max: number) {
  const number = integerOption(name, value);
  if (number !== undefined && (number < min || number > max)) {
    throw new UsageError(`--${name} must be from ${min} to ${max}, got ${number}`);
  }
  return number;
}
