import { spawn } from "node:child_process";
import { StoreError } from "../research-reader.ts";

export interface GitOptions {
  /** The git executable (default "git", found on PATH). */
  binary?: string;
  /** Environment for git (default process.env); identity can come from GIT_AUTHOR_* here. */
  env?: NodeJS.ProcessEnv;
}

export interface GitOutput {
  code: number;
  stdout: string;
  /** stdout as bytes, for blob contents that need not be UTF-8. */
  stdoutBytes: Buffer;
  stderr: string;
}

const GIT_TIMEOUT_MS = 60_000;
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/**
 * Runs git in `cwd` without a shell, feeding `input` on stdin. Variables that would point git at
 * another repository or index (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE: set when we run inside a
 * hook) are removed so the folder alone decides, unless `extraEnv` sets them on purpose.
 * Resolves with the exit code; rejects only when git could not be run at all.
 */
export function runGit(
  cwd: string,
  args: string[],
  options: GitOptions,
  extra: { input?: string | Buffer; env?: Record<string, string> } = {},
): Promise<GitOutput> {
  const env = { ...(options.env ?? process.env) };
  for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PREFIX"]) delete env[name];
  Object.assign(env, { GIT_LITERAL_PATHSPECS: "1", GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" });
  Object.assign(env, extra.env);
  return new Promise((resolve, reject) => {
    const child = spawn(options.binary ?? "git", args, {
      cwd,
      env,
      stdio: ["pipe", "pipe", "pipe"],
      timeout: GIT_TIMEOUT_MS,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_OUTPUT_BYTES) child.kill();
      else into.push(chunk);
    };
    child.stdout.on("data", collect(out));
    child.stderr.on("data", collect(err));
    child.on("error", reject);
    // git may exit before reading all of stdin (e.g. on a bad object); that is not our failure.
    child.stdin.on("error", () => {});
    child.stdin.end(extra.input ?? "");
    child.on("close", (code, signal) => {
      const stdoutBytes = Buffer.concat(out);
      resolve({
        code: code ?? (signal ? 128 : 1),
        stdout: stdoutBytes.toString("utf8"),
        stdoutBytes,
        stderr: Buffer.concat(err).toString("utf8"),
      });
    });
  });
}

/** "git could not be run" as the one message for a missing or unrunnable git. */
export function gitNotRunnable(): StoreError {
  return new StoreError("git could not be run in the ideas folder (is git installed?)");
}

/** One line naming what failed, with the folder's path shown as "." and no other host path. */
export function gitFailure(command: string, stderr: string, dir: string): StoreError {
  if (/no space left on device|disk quota exceeded/i.test(stderr)) {
    return new StoreError(
      `Could not commit in the ideas folder: the disk is full (git ${command}); free some space and run again; nothing was committed`,
    );
  }
  if (/please tell me who you are|empty ident|unable to auto-detect email/i.test(stderr)) {
    return new StoreError(
      'git has no identity for the commit: set user.name and user.email (git config user.name "…")',
    );
  }
  const line =
    stderr
      .split("\n")
      .map((l) => l.trim())
      .find((l) => /^(fatal|error):/.test(l)) ??
    stderr.trim().split("\n")[0] ??
    "";
  const safe = line
    .split(dir)
    .join(".")
    .replace(/(^|[\s'"])\/[^\s'"]+/g, "$1<path>")
    .slice(0, 200);
  return new StoreError(`git ${command} failed in the ideas folder${safe ? `: ${safe}` : ""}`);
}
