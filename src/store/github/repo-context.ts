import type { ErrorContext } from "./github-error.ts";
import type { GitHubClient } from "./octokit-client.ts";

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
