import type { SecretFlags } from "../config/configured-secrets.ts";

/**
 * --api-key and --base-url as the command line gives them, read before any command parses it:
 * an error from the parse itself, or from a command that never got to its options, must not
 * echo them either. Both spellings count (`--api-key KEY`, `--api-key=KEY`); after `--` the
 * words are an idea's text, not options.
 */
export function secretFlags(args: readonly string[]): SecretFlags {
  const flags: SecretFlags = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? "";
    if (arg === "--") break;
    for (const [option, field] of [
      ["--api-key", "apiKey"],
      ["--base-url", "baseUrl"],
    ] as const) {
      if (arg === option) flags[field] = args[i + 1];
      else if (arg.startsWith(`${option}=`)) flags[field] = arg.slice(option.length + 1);
    }
  }
  return flags;
}
