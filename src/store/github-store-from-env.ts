import { ConfigError } from "../config/config-error.ts";
import type { Env } from "../config/env.ts";
import type { GitHubRetryOptions } from "./github/octokit-client.ts";
import { GitHubStore } from "./github-store.ts";

/** Where a GitHub repository is and how to reach it, as the GITHUB_* variables say. */
export interface GitHubRepoSettings {
  owner: string;
  repo: string;
  token: string;
  branch?: string;
  baseUrl?: string;
  requestTimeoutMs?: number;
}

/**
 * The one reading of the GITHUB_* settings for the repository `github` ("owner/repo"), for
 * every surface (the CLI, serve, mcp, the Worker) and every client of it (the store, the issue
 * intake). `name` is how the user gave the repository, for the message when it is malformed;
 * `access` is what the token must be allowed, for the message when it is missing.
 */
export function githubRepoFromEnv(
  github: string,
  env: Env,
  name = "--github",
  access = "contents:write",
): GitHubRepoSettings {
  const match = /^([\w.-]+)\/([\w.-]+)$/.exec(github.trim());
  if (!match) throw new ConfigError(`${name} must look like owner/repo, got "${github}"`);
  if (!env.GITHUB_TOKEN) {
    throw new ConfigError(
      `GITHUB_TOKEN is not set; export a token with ${access} access to ${github}`,
    );
  }
  return {
    owner: match[1] as string,
    repo: match[2] as string,
    token: env.GITHUB_TOKEN,
    ...(env.GITHUB_BRANCH ? { branch: env.GITHUB_BRANCH } : {}),
    ...(env.GITHUB_API_URL ? { baseUrl: env.GITHUB_API_URL } : {}),
    ...(env.GITHUB_TIMEOUT_MS ? { requestTimeoutMs: env.GITHUB_TIMEOUT_MS } : {}),
  };
}

/** The GitHub ideas repository `github` ("owner/repo") as a research store. */
export function githubStoreFromEnv(
  github: string,
  env: Env,
  name = "--github",
  client?: GitHubRetryOptions,
): GitHubStore {
  return new GitHubStore({
    ...githubRepoFromEnv(github, env, name),
    ...(client ? { retry: client } : {}),
  });
}
