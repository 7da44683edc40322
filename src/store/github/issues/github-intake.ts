import { GitHubResearchStash } from "../github-research-stash.ts";
import { GitHubSetupFiles } from "../github-setup-files.ts";
import {
  DEFAULT_DELAY_UNIT_MS,
  DEFAULT_RETRIES,
  type GitHubRetryOptions,
} from "../octokit-client.ts";
import { repoContext } from "../repo-context.ts";
import { githubWebUrl } from "../web-url.ts";
import { GitHubIssues } from "./github-issues.ts";

/** The repository as GitHubStore takes it: the same names, the same defaults. */
export interface GitHubIntakeOptions {
  owner: string;
  repo: string;
  /** Where research and set-up files are committed (default "main"). */
  branch?: string;
  token: string;
  baseUrl?: string;
  htmlUrl?: string;
  retry?: GitHubRetryOptions;
  requestTimeoutMs?: number;
}

/**
 * The issues of the ideas repository, a writer for its set-up files, and the stash of research
 * paid for but not yet committed, on one client.
 */
export interface GitHubIntake {
  issues: GitHubIssues;
  setup: GitHubSetupFiles;
  stash: GitHubResearchStash;
}

export function createGitHubIntake(options: GitHubIntakeOptions): GitHubIntake {
  const branch = options.branch ?? "main";
  const htmlUrl = (options.htmlUrl ?? githubWebUrl(options.baseUrl)).replace(/\/+$/, "");
  const ctx = repoContext(options);
  const encode = (path: string) => path.split("/").map(encodeURIComponent).join("/");
  const fileUrl = (repoPath: string) =>
    `${htmlUrl}/${options.owner}/${options.repo}/blob/${encode(branch)}/${encode(repoPath)}`;
  const resends = options.retry?.retries ?? DEFAULT_RETRIES;
  const delayUnitMs = options.retry?.delayUnitMs ?? DEFAULT_DELAY_UNIT_MS;
  return {
    issues: new GitHubIssues(ctx, fileUrl, { times: resends, delayUnitMs }),
    setup: new GitHubSetupFiles(ctx, branch, { resends, delayUnitMs }),
    stash: new GitHubResearchStash(ctx),
  };
}
