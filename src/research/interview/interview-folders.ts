import { access, constants, mkdir, opendir } from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "../../config/config-error.ts";
import { isInside } from "../../sandbox/containment.ts";
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
  const root = openRoot(args, "codebase");
  try {
    await (await opendir(root.realPath)).close();
  } catch {
    throw new ConfigError(`--codebase ${JSON.stringify(args.codebase)}: the folder cannot be read`);
  }
  return root;
}

/**
 * Creates the output folder (with its parents) and checks it can take the job files. Refuses an
 * output folder that is, or contains, the codebase: the codebase is read-only, and file_write
 * can replace any file under the output folder.
 */
export async function prepareOutput(
  args: InterviewFolderArgs,
  codebase: SandboxRoot,
): Promise<SandboxRoot> {
  const where = `--output ${JSON.stringify(args.output)}`;
  const wanted = path.resolve(args.cwd, args.output);
  // Refused before mkdir, so a refused output folder is never created.
  if (isInside(wanted, codebase.realPath)) {
    throw new ConfigError(
      `${where}: the output folder must not contain the codebase (it is read-only)`,
    );
  }
  try {
    await mkdir(wanted, { recursive: true });
  } catch {
    throw new ConfigError(`${where}: the folder cannot be created`);
  }
  const root = openRoot(args, "output");
  if (isInside(root.realPath, codebase.realPath)) {
    throw new ConfigError(
      `${where}: the output folder must not contain the codebase (it is read-only)`,
    );
  }
  try {
    await access(root.realPath, constants.W_OK | constants.X_OK);
  } catch {
    throw new ConfigError(`${where}: the folder is not writable`);
  }
  return root;
}

function openRoot(args: InterviewFolderArgs, which: "codebase" | "output"): SandboxRoot {
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
