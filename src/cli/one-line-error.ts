import { homedir } from "node:os";
import { redactorFor } from "../config/configured-secrets.ts";
import type { Redact } from "../config/redactor.ts";

/**
 * An error as one line a user can act on: the message's first line, with every secret the
 * redactor knows (keys, tokens, configured URLs' credentials) masked and the home directory
 * shown as ~. Stack traces only with DEBUG set, and they are redacted too: a stack repeats the
 * message. Without a redactor, one is built from `env` (its secrets, not the command line's).
 */
export function oneLineError(
  error: unknown,
  env: Record<string, string | undefined>,
  redact: Redact = redactorFor(env),
): string {
  const raw = error instanceof Error ? error.message : String(error);
  let line = redact((raw.split("\n").find((l) => l.trim()) ?? "unexpected error").trim());
  const home = homedir();
  if (home.length > 1) line = line.split(home).join("~");
  if (env.DEBUG && error instanceof Error && error.stack)
    return `${line}\n${redact(stacks(error))}`;
  return line;
}

/** The stack of an error and of each error it wraps: the cause is where a bug really is. */
function stacks(error: Error): string {
  const cause = error.cause instanceof Error ? `\nCaused by: ${stacks(error.cause)}` : "";
  return `${error.stack ?? error.message}${cause}`;
}
