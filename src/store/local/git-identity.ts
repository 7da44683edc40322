import { type GitOptions, type GitOutput, gitFailure, gitNotRunnable, runGit } from "./run-git.ts";

/**
 * Fails when git could not sign a commit here (no user.name / user.email), so the problem is
 * found before an exploration is paid for rather than when its files are committed.
 */
export async function checkGitIdentity(dir: string, options: GitOptions = {}): Promise<void> {
  let out: GitOutput;
  try {
    out = await runGit(dir, ["var", "GIT_COMMITTER_IDENT"], options);
  } catch {
    throw gitNotRunnable();
  }
  if (out.code !== 0) throw gitFailure("commit", out.stderr, dir);
}
