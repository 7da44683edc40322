import { execFileSync } from "node:child_process";

/** A git environment with a test identity and no user or system configuration leaking in. */
export const ISOLATED_GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.test",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.test",
};

/** Runs git in `dir` with that environment; stdout without its trailing newline. */
export function isolatedGit(dir: string, ...args: string[]): string {
  // trimEnd only: `status --porcelain` lines start with a meaningful space.
  return execFileSync("git", args, { cwd: dir, env: ISOLATED_GIT_ENV, encoding: "utf8" }).trimEnd();
}
