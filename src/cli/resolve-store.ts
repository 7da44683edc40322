import path from "node:path";
import { ConfigError } from "../config/config-error.ts";
import type { Env } from "../config/env.ts";
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
export async function resolveStore(
  choice: StoreChoice,
  env: Env,
  cwd: string,
): Promise<ResearchStore> {
  if (choice.github && choice.repo) {
    throw new ConfigError("choose either --github or --repo, not both");
  }
  const github = choice.repo ? undefined : (choice.github ?? env.GITHUB_REPO);
  if (github) {
    // Octokit loads only for a GitHub repository.
    const { githubStoreFromEnv } = await import("../store/github-store-from-env.ts");
    return githubStoreFromEnv(github, env);
  }
  return new LocalStore({ root: path.resolve(cwd, choice.repo ?? ".") });
}
