import { ConfigError } from "../config/config-error.ts";
import type { Env } from "../config/env.ts";
import { createGitHubIntake, type GitHubIntake } from "./github/issues/github-intake.ts";

/**
 * The issues of the GitHub ideas repository `github` ("owner/repo"), read from the environment
 * as githubStoreFromEnv reads the store (GITHUB_TOKEN, GITHUB_BRANCH, GITHUB_API_URL,
 * GITHUB_TIMEOUT_MS), so links and commits name the branch research goes to.
 */
export function githubIntakeFromEnv(github: string, env: Env, name = "--github"): GitHubIntake {
  const match = /^([\w.-]+)\/([\w.-]+)$/.exec(github.trim());
  if (!match) throw new ConfigError(`${name} must look like owner/repo, got "${github}"`);
  if (!env.GITHUB_TOKEN) {
    throw new ConfigError(
      `GITHUB_TOKEN is not set; export a token with contents:write and issues:write access to ${github}`,
    );
  }
  return createGitHubIntake({
    owner: match[1] as string,
    repo: match[2] as string,
    token: env.GITHUB_TOKEN,
    ...(env.GITHUB_BRANCH ? { branch: env.GITHUB_BRANCH } : {}),
    ...(env.GITHUB_API_URL ? { baseUrl: env.GITHUB_API_URL } : {}),
    ...(env.GITHUB_TIMEOUT_MS ? { requestTimeoutMs: env.GITHUB_TIMEOUT_MS } : {}),
  });
}
