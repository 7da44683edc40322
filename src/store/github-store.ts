import { readHead } from "./github/branch-head.ts";
import { type CommittedFiles, commitOnBranch } from "./github/git-data-commit.ts";
import { statusOf, toStoreError } from "./github/github-error.ts";
import {
  DEFAULT_DELAY_UNIT_MS,
  DEFAULT_RETRIES,
  type GitHubRetryOptions,
} from "./github/octokit-client.ts";
import { errorContext, type GitHubRepoContext, repoContext } from "./github/repo-context.ts";
import { contentAt, ideaFoldersIn, textAt } from "./github/snapshot-reads.ts";
import { githubWebUrl } from "./github/web-url.ts";
import { createProcessIdeaLocks, type IdeaLock, type IdeaLockOptions } from "./idea-lock.ts";
import { checkResearchFiles } from "./research-files.ts";
import { StoreError } from "./research-reader.ts";
import type {
  CommitDecision,
  CommitResult,
  ResearchFile,
  ResearchSnapshot,
  ResearchStore,
} from "./research-store.ts";
import { tracedCommit } from "./traced-commit.ts";

export interface GitHubStoreOptions {
  owner: string;
  repo: string;
  /** Default "main". */
  branch?: string;
  token: string;
  /** API root (GitHub Enterprise, or a loopback fake in tests). Default https://api.github.com. */
  baseUrl?: string;
  /** Web root used for the returned file locations. Default: the one that goes with `baseUrl`. */
  htmlUrl?: string;
  retry?: GitHubRetryOptions;
  /** How long one request may wait for its whole answer, in ms (default 30,000). */
  requestTimeoutMs?: number;
  /** Commit attempts when the branch keeps moving (default 4). */
  commitAttempts?: number;
}

/** The ideas repository on GitHub, read through the Contents API, written through Git Data. */
export class GitHubStore implements ResearchStore {
  readonly description: string;
  readonly #ctx: GitHubRepoContext;
  readonly #branch: string;
  readonly #htmlUrl: string;
  readonly #attempts: number;
  readonly #retry: GitHubRetryOptions;
  // GitHub has no place to keep a lock file: runs of one idea wait for each other in this
  // process, and across machines the commit's decision on the head prevents a second folder.
  readonly #lockIdea = createProcessIdeaLocks();

  constructor(options: GitHubStoreOptions) {
    this.#branch = options.branch ?? "main";
    this.#htmlUrl = (options.htmlUrl ?? githubWebUrl(options.baseUrl)).replace(/\/+$/, "");
    this.#attempts = options.commitAttempts ?? 4;
    this.#retry = options.retry ?? {};
    this.#ctx = repoContext(options);
    this.description = `github ${options.owner}/${options.repo}@${this.#branch}`;
  }

  /** The raw Contents API answer for `repoPath` on the configured branch. */
  getContent(repoPath: string, options: { signal?: AbortSignal } = {}): Promise<unknown> {
    return contentAt(this.#ctx, repoPath, this.#branch, options.signal);
  }

  async verify(): Promise<void> {
    const { octokit, owner, repo } = this.#ctx;
    const name = `${owner}/${repo}`;
    let canPush: boolean | undefined;
    try {
      const { data } = await octokit.rest.repos.get({ owner, repo });
      canPush = data.permissions?.push;
    } catch (error) {
      if (statusOf(error) === 404) {
        throw new StoreError(
          `GitHub repository ${name} was not found, or the token cannot see it: check the repository name and the token's repository access`,
          { status: 404 },
        );
      }
      throw toStoreError(error, errorContext(this.#ctx, `opening ${name}`));
    }
    if (canPush === false) {
      throw new StoreError(
        `The token can read ${name} but cannot push to it: give it "Contents: read and write" access`,
        { status: 403 },
      );
    }
    try {
      await octokit.rest.repos.getBranch({ owner, repo, branch: this.#branch });
    } catch (error) {
      if (statusOf(error) === 404) {
        throw new StoreError(
          `Branch ${this.#branch} does not exist in ${name}: create it or set GITHUB_BRANCH`,
          { status: 404 },
        );
      }
      throw toStoreError(
        error,
        errorContext(this.#ctx, `opening branch ${this.#branch} of ${name}`),
      );
    }
  }

  /** Folder names under ideas/ on the configured branch, as committed. */
  async listIdeaFolders(): Promise<string[]> {
    const head = await readHead(this.#ctx, this.#branch);
    return ideaFoldersIn(this.#ctx, head.tree);
  }

  readText(repoPath: string): Promise<string | undefined> {
    return textAt(this.#ctx, repoPath, this.#branch);
  }

  async commitOnHead<T>(
    decide: (head: ResearchSnapshot) => Promise<CommitDecision<T>>,
  ): Promise<{ value: T; commit?: CommitResult }> {
    return tracedCommit("github", async () => {
      const { value, commit } = await commitOnBranch(this.#ctx, this.#branch, decide, {
        attempts: this.#attempts,
        // A lost ref update is sent again as often, and as patiently, as the client retries.
        refUpdate: {
          resends: this.#retry.retries ?? DEFAULT_RETRIES,
          delayUnitMs: this.#retry.delayUnitMs ?? DEFAULT_DELAY_UNIT_MS,
        },
      });
      return { value, ...(commit ? { commit: this.#commitResult(commit) } : {}) };
    });
  }

  async commit(files: ResearchFile[], message: string): Promise<CommitResult> {
    // Checked here too so that a bad path fails before any request.
    checkResearchFiles(files);
    const { commit } = await this.commitOnHead(async () => ({
      kind: "commit" as const,
      files,
      message,
      value: undefined,
    }));
    return commit ?? { locations: [] };
  }

  lockIdea(fingerprint: string, options: IdeaLockOptions): Promise<IdeaLock> {
    return this.#lockIdea(fingerprint, options);
  }

  #commitResult({ paths, commitSha }: CommittedFiles): CommitResult {
    return {
      ...(commitSha === undefined ? {} : { commitSha }),
      locations: paths.map((path) => this.#htmlLocation(path)),
    };
  }

  #htmlLocation(path: string): string {
    const encoded = path.split("/").map(encodeURIComponent).join("/");
    const branch = this.#branch.split("/").map(encodeURIComponent).join("/");
    const { owner, repo } = this.#ctx;
    return `${this.#htmlUrl}/${owner}/${repo}/blob/${branch}/${encoded}`;
  }
}
