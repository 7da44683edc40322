import { realpath } from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "../../config/config-error.ts";
import { canCreateFilesIn } from "../../sandbox/can-create-files.ts";
import { isInside } from "../../sandbox/containment.ts";
import { createFoldersBelow } from "../../sandbox/create-folders.ts";
import { type NearestExisting, nearestExisting } from "../../sandbox/nearest-existing.ts";
import type { SandboxRoot } from "../../sandbox/sandbox-root.ts";
import { type InterviewFolderArgs, openFolder } from "./interview-folders.ts";

/** An output folder that was checked before the session and is created by the first write. */
export interface OutputFolder {
  /** Creates the folder if it is still missing and returns its realpath; safe to call again. */
  create(): Promise<string>;
}

const CONTAINS_CODEBASE = "the output folder must not contain the codebase (it is read-only)";

/**
 * Checks, creating nothing, that the output folder can be used, so a mistake costs no model
 * call: it (or, while missing, the nearest folder above it that exists) must be a folder where
 * files can really be created, and it must not contain the codebase (the codebase is read-only,
 * and file_write can replace any file under the output folder). Fails with a ConfigError naming
 * --output as typed. The folder itself is created by the first write, so a session that writes
 * nothing leaves nothing behind.
 */
export async function checkOutputFolder(
  args: InterviewFolderArgs,
  codebase: SandboxRoot,
): Promise<OutputFolder> {
  const problem = await outputProblem(await nearestExisting(args.output, args.cwd), args, codebase);
  if (problem) throw new ConfigError(`--output ${JSON.stringify(args.output)}: ${problem}`);
  return createdOnFirstUse(args, codebase);
}

/** What makes the output folder unusable, in the user's spelling, or undefined. */
async function outputProblem(
  found: NearestExisting,
  args: InterviewFolderArgs,
  codebase: SandboxRoot,
): Promise<string | undefined> {
  // While the folder is missing, what is wrong is the part above it that exists.
  const missing = found.missing.length > 0;
  const above = found.path === "." ? "the current folder" : JSON.stringify(found.path);
  const cannotCreate = (reason: string) => `the folder cannot be created: ${above} ${reason}`;
  const existing =
    found.kind === "directory"
      ? await realpath(path.resolve(args.cwd, found.path)).catch(() => undefined)
      : undefined;
  if (found.kind === "other") {
    return missing ? cannotCreate("is not a folder") : "the output folder is not a directory";
  }
  if (existing === undefined) {
    return missing ? cannotCreate("cannot be accessed") : "the folder cannot be accessed";
  }
  if (containsCodebase(path.join(existing, ...found.missing), codebase)) return CONTAINS_CODEBASE;
  if (!(await canCreateFilesIn(existing))) {
    return missing ? cannotCreate("is not writable") : "the folder is not writable";
  }
  return undefined;
}

function createdOnFirstUse(args: InterviewFolderArgs, codebase: SandboxRoot): OutputFolder {
  const create = async (): Promise<string> => {
    // Looked at again: the folders may have changed since the check.
    const now = await nearestExisting(args.output, args.cwd);
    if (now.kind !== "directory") throw new Error("the output folder cannot be created");
    await createFoldersBelow(path.resolve(args.cwd, now.path), now.missing);
    const root = openFolder(args, "output");
    if (containsCodebase(root.realPath, codebase)) throw new Error(CONTAINS_CODEBASE);
    return root.realPath;
  };
  let created: Promise<string> | undefined;
  return {
    create: () => {
      created ??= create().catch((error: unknown) => {
        // A failed attempt is not remembered: the next write tries again.
        created = undefined;
        throw error;
      });
      return created;
    },
  };
}

function containsCodebase(output: string, codebase: SandboxRoot): boolean {
  return isInside(output, codebase.realPath);
}
