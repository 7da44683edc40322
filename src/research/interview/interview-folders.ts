import { opendir } from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "../../config/config-error.ts";
import { openSandboxRoot, type SandboxRoot } from "../../sandbox/sandbox-root.ts";

/** The two folders an interview works in, as the user gave them (for messages) and resolved. */
export interface InterviewFolderArgs {
  codebase: string;
  output: string;
  /** The directory relative paths are resolved against. */
  cwd: string;
}

/**
 * Checks the codebase is a readable folder. Fails with a ConfigError naming the option and the
 * folder as the user typed it, so nothing (no model call, no folder) happens on a typo.
 */
export async function openCodebase(args: InterviewFolderArgs): Promise<SandboxRoot> {
  const root = openFolder(args, "codebase");
  try {
    await (await opendir(root.realPath)).close();
  } catch {
    throw new ConfigError(`--codebase ${JSON.stringify(args.codebase)}: the folder cannot be read`);
  }
  return root;
}

/** Opens one of the folders; a ConfigError names the option and the folder as typed. */
export function openFolder(args: InterviewFolderArgs, which: "codebase" | "output"): SandboxRoot {
  try {
    return openSandboxRoot(path.resolve(args.cwd, args[which]), { label: `${which} folder` });
  } catch (error) {
    const reason = error instanceof Error ? error.message : "cannot be opened";
    throw new ConfigError(`--${which} ${JSON.stringify(args[which])}: ${lowerFirst(reason)}`);
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
