import type { ErrorContext } from "./github-error.ts";
import {
  createGitHubClient,
  type GitHubClient,
  type GitHubRetryOptions,
} from "./octokit-client.ts";

/** One repository on GitHub and what every call on it needs. */
export interface GitHubRepoContext {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  /** Values that must never appear in an error message (the token). */
  secrets: readonly string[];
}

/** The context for an error message about `action` on this repository. */
export function errorContext(ctx: GitHubRepoContext, action: string): ErrorContext {
  return { action, secrets: ctx.secrets };
}

/** The context of a repository reached with `token`: its own client, the token kept out of errors. */
export function repoContext(options: {
  owner: string;
  repo: string;
  token: string;
  baseUrl?: string;
  requestTimeoutMs?: number;
  retry?: GitHubRetryOptions;
}): GitHubRepoContext {
  return {
    owner: options.owner,
    repo: options.repo,
    secrets: [options.token],
    octokit: createGitHubClient({
      token: options.token,
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(options.requestTimeoutMs === undefined
        ? {}
        : { requestTimeoutMs: options.requestTimeoutMs }),
      ...options.retry,
    }),
  };
}
