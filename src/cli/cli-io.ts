import { redactorFor } from "../config/configured-secrets.ts";
import type { Redact } from "../config/redactor.ts";
import { secretFlags } from "./secret-flags.ts";

/** The process streams and environment a command uses, injected so tests can drive commands. */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Record<string, string | undefined>;
  cwd: string;
  /**
   * Masks this process's keys, tokens and configured URLs' credentials in any text that leaves
   * it (error lines, the server log, job records, issue comments, MCP results).
   */
  redact: Redact;
}

/** The real process: its redactor knows the environment's secrets and those on `args`. */
export function processIo(args: readonly string[]): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    redact: redactorFor(process.env, secretFlags(args)),
  };
}
