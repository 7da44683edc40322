import { commitToBranch } from "./github/git-data-commit.ts";
import { type ErrorContext, statusOf, toStoreError } from "./github/github-error.ts";
import {
  createGitHubClient,
  type GitHubClient,
  type GitHubRetryOptions,
} from "./github/octokit-client.ts";
import { githubWebUrl } from "./github/web-url.ts";
import { checkResearchFiles } from "./research-files.ts";
import { StoreError } from "./research-reader.ts";
import type { CommitResult, ResearchFile, ResearchStore } from "./research-store.ts";

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
  /** Commit attempts when the branch keeps moving (default 4). */
  commitAttempts?: number;
}

const IDEAS_FOLDER = "ideas";

/** The ideas repository on GitHub, read through the Contents API, written through Git Data. */
export class GitHubStore implements ResearchStore {
  readonly description: string;
  readonly #owner: string;
  readonly #repo: string;
  readonly #branch: string;
  readonly #token: string;
  readonly #htmlUrl: string;
  readonly #attempts: number;
  readonly #octokit: GitHubClient;

  constructor(options: GitHubStoreOptions) {
    this.#owner = options.owner;
    this.#repo = options.repo;
    this.#branch = options.branch ?? "main";
    this.#token = options.token;
    this.#htmlUrl = (options.htmlUrl ?? githubWebUrl(options.baseUrl)).replace(/\/+$/, "");
    this.#attempts = options.commitAttempts ?? 4;
    this.#octokit = createGitHubClient({
      token: options.token,
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...options.retry,
    });
    this.description = `github ${this.#owner}/${this.#repo}@${this.#branch}`;
  }

  /** The raw Contents API answer for `repoPath` on the configured branch. */
  async getContent(repoPath: string, options: { signal?: AbortSignal } = {}): Promise<unknown> {
    try {
      const { data } = await this.#octokit.rest.repos.getContent({
        owner: this.#owner,
        repo: this.#repo,
        path: repoPath,
        ref: this.#branch,
        ...(options.signal ? { request: { signal: options.signal } } : {}),
      });
      return data;
    } catch (error) {
      throw toStoreError(error, this.#context(`reading ${repoPath}`));
    }
  }

  async verify(): Promise<void> {
    const name = `${this.#owner}/${this.#repo}`;
    let canPush: boolean | undefined;
    try {
      const { data } = await this.#octokit.rest.repos.get({ owner: this.#owner, repo: this.#repo });
      canPush = data.permissions?.push;
    } catch (error) {
      if (statusOf(error) === 404) {
        throw new StoreError(
          `GitHub repository ${name} was not found, or the token cannot see it: check the repository name and the token's repository access`,
          { status: 404 },
        );
      }
      throw toStoreError(error, this.#context(`opening ${name}`));
    }
    if (canPush === false) {
      throw new StoreError(
        `The token can read ${name} but cannot push to it: give it "Contents: read and write" access`,
        { status: 403 },
      );
    }
    try {
      await this.#octokit.rest.repos.getBranch({
        owner: this.#owner,
        repo: this.#repo,
        branch: this.#branch,
      });
    } catch (error) {
      if (statusOf(error) === 404) {
        throw new StoreError(
          `Branch ${this.#branch} does not exist in ${name}: create it or set GITHUB_BRANCH`,
          { status: 404 },
        );
      }
      throw toStoreError(error, this.#context(`opening branch ${this.#branch} of ${name}`));
    }
  }

  /** Folder names under ideas/ from the Git Trees API (no 1,000-entry cap as with Contents). */
  async listIdeaFolders(): Promise<string[]> {
    const { owner, repo } = { owner: this.#owner, repo: this.#repo };
    try {
      const { data: branch } = await this.#octokit.rest.repos.getBranch({
        owner,
        repo,
        branch: this.#branch,
      });
      const root = await this.#octokit.rest.git.getTree({
        owner,
        repo,
        tree_sha: branch.commit.commit.tree.sha,
      });
      const ideas = root.data.tree.find((e) => e.path === IDEAS_FOLDER && e.type === "tree");
      if (!ideas?.sha) return [];
      const folder = await this.#octokit.rest.git.getTree({ owner, repo, tree_sha: ideas.sha });
      return folder.data.tree
        .filter((e) => e.type === "tree" && e.path !== undefined && !e.path.startsWith("."))
        .map((e) => e.path!)
        .sort();
    } catch (error) {
      throw toStoreError(error, this.#context("listing the ideas folder"));
    }
  }

  async readText(repoPath: string): Promise<string | undefined> {
    let data: unknown;
    try {
      data = await this.getContent(repoPath);
    } catch (error) {
      if (error instanceof StoreError && error.status === 404) return undefined;
      throw error;
    }
    const file = data as {
      type?: unknown;
      path?: unknown;
      encoding?: unknown;
      content?: unknown;
      sha?: unknown;
    };
    // A different path means GitHub followed a link: never return another file's text.
    if (Array.isArray(data) || file.type !== "file" || file.path !== repoPath) {
      throw new StoreError(`${repoPath} is not a file`);
    }
    if (file.encoding === "base64" && typeof file.content === "string") {
      return Buffer.from(file.content, "base64").toString("utf8");
    }
    // Over 1 MB the Contents API leaves the content out; the blob API serves up to 100 MB.
    try {
      const blob = await this.#octokit.rest.git.getBlob({
        owner: this.#owner,
        repo: this.#repo,
        file_sha: String(file.sha),
      });
      return Buffer.from(blob.data.content, "base64").toString("utf8");
    } catch (error) {
      throw toStoreError(error, this.#context(`reading ${repoPath}`));
    }
  }

  async commit(files: ResearchFile[], message: string): Promise<CommitResult> {
    const paths = checkResearchFiles(files);
    const canonical = files.map((file, i) => ({ path: paths[i]!, content: file.content }));
    const { commitSha } =
      canonical.length === 0
        ? { commitSha: undefined }
        : await commitToBranch(
            this.#octokit,
            { owner: this.#owner, repo: this.#repo, branch: this.#branch },
            canonical,
            message,
            { attempts: this.#attempts, secrets: [this.#token] },
          );
    return {
      ...(commitSha === undefined ? {} : { commitSha }),
      locations: paths.map((path) => this.#htmlLocation(path)),
    };
  }

  #htmlLocation(path: string): string {
    const encoded = path.split("/").map(encodeURIComponent).join("/");
    const branch = this.#branch.split("/").map(encodeURIComponent).join("/");
    return `${this.#htmlUrl}/${this.#owner}/${this.#repo}/blob/${branch}/${encoded}`;
  }

  #context(action: string): ErrorContext {
    return { action, secrets: [this.#token] };
  }
}
