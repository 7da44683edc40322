import { existsSync, realpathSync, statSync } from "node:fs";
import { errnoCode } from "./errno.ts";

/**
 * A root folder, resolved once. Every primitive takes one of these instead of a string so a
 * caller cannot pass an unresolved root (whose own symlinks would move the sandbox).
 */
export interface SandboxRoot {
  /** The realpath of the root. Never put it in a message: it is a host path. */
  readonly realPath: string;
  /**
   * Whether `/proc/self/fd` is used to check what was really opened and to act relative to
   * an open directory (Linux). Without it, checks fall back to realpath + inode comparison.
   */
  readonly procfs: boolean;
}

/** A root that cannot be used; the message names the caller's label, never the path. */
export class SandboxRootError extends Error {
  readonly reason: "missing" | "not_directory" | "inaccessible";

  constructor(reason: SandboxRootError["reason"], message: string) {
    super(message);
    this.name = "SandboxRootError";
    this.reason = reason;
  }
}

const PROCFS_AVAILABLE = process.platform === "linux" && existsSync("/proc/self/fd");

export interface OpenRootOptions {
  /** What the folder is to the user ("codebase folder", "output folder"), used in errors. */
  label?: string;
  /** Force the portable fallback (tests run it on Linux); defaults to whether procfs exists. */
  procfs?: boolean;
}

/**
 * Resolves `dir` (symlinks included) and checks it is a directory, failing fast at start-up:
 * a tool that would only fail on its first call hides a configuration error from the user.
 */
export function openSandboxRoot(dir: string, options: OpenRootOptions = {}): SandboxRoot {
  const label = options.label ?? "sandbox root";
  if (typeof dir !== "string" || dir === "" || dir.includes("\0")) {
    throw new SandboxRootError("missing", `The ${label} must be a non-empty folder path`);
  }
  let realPath: string;
  try {
    realPath = realpathSync(dir);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") {
      throw new SandboxRootError("missing", `The ${label} does not exist`);
    }
    throw new SandboxRootError("inaccessible", `The ${label} cannot be accessed`);
  }
  let isDirectory: boolean;
  try {
    isDirectory = statSync(realPath).isDirectory();
  } catch {
    throw new SandboxRootError("inaccessible", `The ${label} cannot be accessed`);
  }
  if (!isDirectory) {
    throw new SandboxRootError("not_directory", `The ${label} is not a directory`);
  }
  return Object.freeze({ realPath, procfs: options.procfs ?? PROCFS_AVAILABLE });
}
