import { StoreError } from "../research-reader.ts";
import type { ResearchSnapshot } from "../research-store.ts";
import type { BranchHead } from "./branch-head.ts";
import { toStoreError } from "./github-error.ts";
import { errorContext, type GitHubRepoContext } from "./repo-context.ts";

const IDEAS_FOLDER = "ideas";

/** What a commit decision reads: the head's own tree and files, not the branch as it is later. */
export function snapshotOf(ctx: GitHubRepoContext, head: BranchHead): ResearchSnapshot {
  return {
    listIdeaFolders: () => ideaFoldersIn(ctx, head.tree),
    readText: (repoPath) => textAt(ctx, repoPath, head.commit),
  };
}

/** Folder names under ideas/ of a root tree, from the Git Trees API (no 1,000-entry cap as with Contents). */
export async function ideaFoldersIn(ctx: GitHubRepoContext, rootTree: string): Promise<string[]> {
  const { owner, repo } = ctx;
  try {
    const root = await ctx.octokit.rest.git.getTree({ owner, repo, tree_sha: rootTree });
    const ideas = root.data.tree.find((e) => e.path === IDEAS_FOLDER && e.type === "tree");
    if (!ideas?.sha) return [];
    const folder = await ctx.octokit.rest.git.getTree({ owner, repo, tree_sha: ideas.sha });
    return folder.data.tree
      .filter((e) => e.type === "tree" && e.path !== undefined && !e.path.startsWith("."))
      .map((e) => e.path!)
      .sort();
  } catch (error) {
    throw toStoreError(error, errorContext(ctx, "listing the ideas folder"));
  }
}

/** The raw Contents API answer for `repoPath` at `ref` (a branch or a commit SHA). */
export async function contentAt(
  ctx: GitHubRepoContext,
  repoPath: string,
  ref: string,
  signal?: AbortSignal,
): Promise<unknown> {
  try {
    const { data } = await ctx.octokit.rest.repos.getContent({
      owner: ctx.owner,
      repo: ctx.repo,
      path: repoPath,
      ref,
      ...(signal ? { request: { signal } } : {}),
    });
    return data;
  } catch (error) {
    throw toStoreError(error, errorContext(ctx, `reading ${repoPath}`));
  }
}

/** The text of a file at `ref`, or undefined when it does not exist. */
export async function textAt(
  ctx: GitHubRepoContext,
  repoPath: string,
  ref: string,
): Promise<string | undefined> {
  let data: unknown;
  try {
    data = await contentAt(ctx, repoPath, ref);
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
    const blob = await ctx.octokit.rest.git.getBlob({
      owner: ctx.owner,
      repo: ctx.repo,
      file_sha: String(file.sha),
    });
    return Buffer.from(blob.data.content, "base64").toString("utf8");
  } catch (error) {
    throw toStoreError(error, errorContext(ctx, `reading ${repoPath}`));
  }
}
