import { ConfigError } from "../config/config-error.ts";
import type { Env } from "../config/env.ts";
import { GitHubStore } from "./github-store.ts";

/**
 * The GitHub ideas repository `github` ("owner/repo") with GITHUB_TOKEN and the other GITHUB_*
 * settings: the one reading of them for every surface (the CLI, serve, mcp, the Worker).
 * `name` is how the user gave the repository, for the message when it is malformed.
 */
export function githubStoreFromEnv(github: string, env: Env, name = "--github"): GitHubStore {
  const match = /^([\w.-]+)\/([\w.-]+)$/.exec(github.trim());
  if (!match) throw new ConfigError(`${name} must look like owner/repo, got "${github}"`);
  if (!env.GITHUB_TOKEN) {
    throw new ConfigError(
      `GITHUB_TOKEN is not set; export a token with contents:write access to ${github}`,
    );
  }
  return new GitHubStore({
    owner: match[1] as string,
    repo: match[2] as string,
    token: env.GITHUB_TOKEN,
    ...(env.GITHUB_BRANCH ? { branch: env.GITHUB_BRANCH } : {}),
    ...(env.GITHUB_API_URL ? { baseUrl: env.GITHUB_API_URL } : {}),
    ...(env.GITHUB_TIMEOUT_MS ? { requestTimeoutMs: env.GITHUB_TIMEOUT_MS } : {}),
  });
}
