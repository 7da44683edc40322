import { execFile } from "node:child_process";
import { StoreError } from "../research-reader.ts";

export interface GitOptions {
  /** The git executable (default "git", found on PATH). */
  binary?: string;
  /** Environment for git (default process.env); identity can come from GIT_AUTHOR_* here. */
  env?: NodeJS.ProcessEnv;
}

interface GitOutput {
  code: number;
  stdout: string;
  stderr: string;
}

const GIT_TIMEOUT_MS = 60_000;

/**
 * Runs git in `cwd` without a shell. Variables that would point git at another repository
 * (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE: set when we run inside a hook) are removed so the
 * folder alone decides; pathspecs are literal, so a file name is never a glob.
 */
function runGit(cwd: string, args: string[], options: GitOptions): Promise<GitOutput> {
  const env = { ...(options.env ?? process.env) };
  for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PREFIX"]) delete env[name];
  Object.assign(env, { GIT_LITERAL_PATHSPECS: "1", GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" });
  return new Promise((resolve, reject) => {
    execFile(
      options.binary ?? "git",
      args,
      { cwd, env, timeout: GIT_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") {
          reject(error);
          return;
        }
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

/** True when `dir` is inside a git work tree; false when it is not, or git is not installed. */
export async function isGitWorkTree(dir: string, options: GitOptions = {}): Promise<boolean> {
  try {
    const out = await runGit(dir, ["rev-parse", "--is-inside-work-tree"], options);
    return out.code === 0 && out.stdout.trim() === "true";
  } catch {
    return false;
  }
}

/**
 * Fails when git could not sign a commit here (no user.name / user.email), so the problem is
 * found before an exploration is paid for rather than when its files are committed.
 */
export async function checkGitIdentity(dir: string, options: GitOptions = {}): Promise<void> {
  let out: GitOutput;
  try {
    out = await runGit(dir, ["var", "GIT_COMMITTER_IDENT"], options);
  } catch {
    throw new StoreError("git could not be run in the ideas folder (is git installed?)");
  }
  if (out.code !== 0) throw gitFailure("commit", out.stderr, dir);
}

/**
 * Stages exactly `paths` (relative to `dir`) and commits only them (`--only`: whatever else the
 * user has staged stays staged and out of this commit). When they already match HEAD no commit
 * is made. Returns the SHA of the commit that holds them.
 */
export async function commitPaths(
  dir: string,
  paths: string[],
  message: string,
  options: GitOptions = {},
): Promise<string> {
  const git = async (args: string[], allowed: number[] = [0]) => {
    let out: GitOutput;
    try {
      out = await runGit(dir, args, options);
    } catch {
      throw new StoreError("git could not be run in the ideas folder (is git installed?)");
    }
    if (!allowed.includes(out.code)) throw gitFailure(args[0]!, out.stderr, dir);
    return out;
  };
  await git(["add", "--", ...paths]);
  const diff = await git(["diff", "--cached", "--quiet", "--", ...paths], [0, 1]);
  if (diff.code === 1) {
    await git(["commit", "--quiet", "--only", "-m", message, "--", ...paths]);
  }
  // The newest commit that touched these paths, not HEAD: when a retry finds its files already
  // committed, other commits (another job's) may have landed on top since.
  const last = (await git(["log", "-1", "--format=%H", "--", ...paths])).stdout.trim();
  return last || (await git(["rev-parse", "HEAD"])).stdout.trim();
}

/** One line naming what failed, with the folder's path shown as ".". */
function gitFailure(command: string, stderr: string, dir: string): StoreError {
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
  // Any other absolute path (a global config, a hook) is a host path too.
  const safe = line
    .split(dir)
    .join(".")
    .replace(/(^|[\s'"])\/[^\s'"]+/g, "$1<path>")
    .slice(0, 200);
  return new StoreError(`git ${command} failed in the ideas folder${safe ? `: ${safe}` : ""}`);
}
