import type { Env } from "../config/env.ts";
import { createGitHubIntake, type GitHubIntake } from "./github/issues/github-intake.ts";
import type { GitHubRetryOptions } from "./github/octokit-client.ts";
import { githubRepoFromEnv } from "./github-store-from-env.ts";

/**
 * The issues of the GitHub ideas repository `github` ("owner/repo"), read from the environment
 * as the store is (see githubRepoFromEnv), so links and commits name the branch research goes to.
 */
export function githubIntakeFromEnv(
  github: string,
  env: Env,
  name = "--github",
  client?: GitHubRetryOptions,
): GitHubIntake {
  return createGitHubIntake({
    ...githubRepoFromEnv(github, env, name, "contents:write and issues:write"),
    ...(client ? { retry: client } : {}),
  });
}
