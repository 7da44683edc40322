import { ConfigError } from "../config/config-error.ts";
import type { CliIo } from "./cli-io.ts";
import { commands } from "./commands.ts";
import { Interrupted } from "./interrupted.ts";
import { oneLineError } from "./one-line-error.ts";
import { packageVersion } from "./package-version.ts";

const HELP = `idea-explorer: explore ideas with a tool-using Claude agent and keep the research in a repository

Usage: idea-explorer <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join("\n")}

Run "idea-explorer <command> --help" for a command's options.`;

/**
 * Runs one command line and returns the exit code: 0 done, 1 failed, 2 bad input or
 * configuration, 130/143 stopped by SIGINT/SIGTERM.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(`${HELP}\n`);
    return name ? 0 : 2;
  }
  if (name === "--version" || name === "-v") {
    io.stdout.write(`${await packageVersion()}\n`);
    return 0;
  }
  const command = commands[name];
  if (!command) {
    io.stderr.write(`idea-explorer: unknown command "${name}" (try idea-explorer --help)\n`);
    return 2;
  }
  try {
    const run = await command.load();
    return await run(args, io);
  } catch (error) {
    const line = oneLineError(error, io.env, io.redact);
    io.stderr.write(`idea-explorer ${name}: ${line}\n`);
    if (command.json) {
      // Loaded on failure only: telling the error kinds apart needs the AI SDK's error classes.
      const { asksForJson, jsonError } = await import("./json-error.ts");
      if (asksForJson(args)) {
        const message = oneLineError(error, { ...io.env, DEBUG: "" }, io.redact);
        io.stdout.write(`${jsonError(error, message)}\n`);
      }
    }
    if (error instanceof Interrupted) return error.exitCode;
    return error instanceof ConfigError ? 2 : 1;
  }
}
