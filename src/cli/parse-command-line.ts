import { type ParseArgsConfig, parseArgs } from "node:util";
import { UsageError } from "./usage-error.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * node:util parseArgs in strict mode, with its multi-line, code-prefixed errors turned into
 * one line that names the option to fix.
 */
export function parseCommandLine<O extends Options>(command: string, args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's message is several sentences of advice; the first one names the problem, except
    // for a value that starts with "-" (--max-steps -3), where the advice is the useful part.
    const text = error instanceof Error ? error.message : String(error);
    const ambiguous = /^Option '(--[\w-]+)' argument is ambiguous/.exec(text)?.[1];
    const first = ambiguous
      ? `${ambiguous} needs a value; one that starts with "-" is written ${ambiguous}=VALUE`
      : (text.split(/\.\s|\n/)[0]?.replace(/\.$/, "") ?? text);
    // `explore "-ward off pests"`: the idea was read as options. Say how to pass it as text.
    const unknownShort = /^Unknown option '-[^-]/.test(first);
    const hint = unknownShort
      ? `; to pass text that starts with "-", put -- before it: idea-explorer ${command} -- "-…"`
      : "";
    throw new UsageError(`${first}${hint} (see idea-explorer ${command} --help)`);
  }
}

/** A positive whole number option, or undefined when absent. */
export function integerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()))
    throw new UsageError(`--${name} must be a whole number, got "${value}"`);
  return Number(value);
}
