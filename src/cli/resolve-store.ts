import path from "node:path";
import { ConfigError } from "../config/config-error.ts";
import type { Env } from "../config/env.ts";
import { GitHubStore } from "../store/github-store.ts";
import { LocalStore } from "../store/local-store.ts";
import type { ResearchStore } from "../store/research-store.ts";

export interface StoreChoice {
  /** --github OWNER/REPO */
  github?: string | undefined;
  /** --repo DIR */
  repo?: string | undefined;
}

/**
 * The ideas repository a command works on: GitHub when --github or GITHUB_REPO names one (with
 * GITHUB_TOKEN), otherwise the folder given by --repo, or the current folder.
 */
export function resolveStore(choice: StoreChoice, env: Env, cwd: string): ResearchStore {
  if (choice.github && choice.repo) {
    throw new ConfigError("choose either --github or --repo, not both");
  }
  const github = choice.repo ? undefined : (choice.github ?? env.GITHUB_REPO);
  if (github) {
    const match = /^([\w.-]+)\/([\w.-]+)$/.exec(github.trim());
    if (!match) throw new ConfigError(`--github must look like owner/repo, got "${github}"`);
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
  return new LocalStore({ root: path.resolve(cwd, choice.repo ?? ".") });
}
