import { homedir } from "node:os";

const SECRET_ENV = /(KEY|TOKEN|SECRET|PASSWORD)$/;

/**
 * An error as one line a user can act on: the message's first line, with the values of secret
 * environment variables and the home directory masked. Stack traces only with DEBUG set.
 */
export function oneLineError(error: unknown, env: Record<string, string | undefined>): string {
  const raw = error instanceof Error ? error.message : String(error);
  let line = (raw.split("\n").find((l) => l.trim()) ?? "unexpected error").trim();
  for (const [name, value] of Object.entries(env)) {
    if (value && value.length >= 6 && SECRET_ENV.test(name)) line = line.split(value).join("***");
  }
  const home = homedir();
  if (home.length > 1) line = line.split(home).join("~");
  if (env.DEBUG && error instanceof Error && error.stack) return `${line}\n${stacks(error)}`;
  return line;
}

/** The stack of an error and of each error it wraps: the cause is where a bug really is. */
function stacks(error: Error): string {
  const cause = error.cause instanceof Error ? `\nCaused by: ${stacks(error.cause)}` : "";
  return `${error.stack ?? error.message}${cause}`;
}
