import { checkResearchFiles } from "../research-files.ts";
import { StoreError } from "../research-reader.ts";
import type { CommitDecision, ResearchFile, ResearchSnapshot } from "../research-store.ts";
import { type BranchHead, readHead } from "./branch-head.ts";
import { toStoreError } from "./github-error.ts";
import { lastCommitOf } from "./last-commit.ts";
import { moveBranch, type RefUpdateOptions } from "./ref-update.ts";
import { errorContext, type GitHubRepoContext } from "./repo-context.ts";
import { snapshotOf } from "./snapshot-reads.ts";

export interface GitDataCommitOptions {
  /** Decisions, each on a fresh head, before giving up on a branch that keeps moving. */
  attempts: number;
  refUpdate: RefUpdateOptions;
  /**
   * Checks the decided files and returns their canonical paths (default: checkResearchFiles,
   * the research write rules, which refuse dot-entries such as .github/).
   */
  checkFiles?: (files: readonly ResearchFile[]) => string[];
}

/** The files a decision put on the branch, and the commit that holds them. */
export interface CommittedFiles {
  /** Canonical repository paths, in the decision's order. */
  paths: string[];
  /** Absent only when the decision committed no files. */
  commitSha?: string;
}

/**
 * Lands ONE commit on the branch through the Git Data API, decided on the head it lands on:
 * read the head, let `decide` look at it, then blobs, a tree on top of the head's tree
 * (`base_tree`), a commit whose parent is the head, and a fast-forward-only ref update. If
 * someone pushed meanwhile, `decide` runs again on the new head (their commit may make ours a
 * duplicate, or take our folder), so their changes are kept, never overwritten.
 *
 * Idempotent: when the new tree equals the head's tree (the files are already there, e.g. a job
 * replayed after a crash) no commit is made and the commit that last wrote them is reported.
 */
export async function commitOnBranch<T>(
  ctx: GitHubRepoContext,
  branch: string,
  decide: (head: ResearchSnapshot) => Promise<CommitDecision<T>>,
  options: GitDataCommitOptions,
): Promise<{ value: T; commit?: CommittedFiles }> {
  const uploadBlob = blobUploader(ctx);
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    const head = await readHead(ctx, branch);
    const decision = await decide(snapshotOf(ctx, head));
    if (decision.kind === "skip") return { value: decision.value };
    const paths = (options.checkFiles ?? checkResearchFiles)(decision.files);
    const files = decision.files.map((file, i) => ({ path: paths[i]!, content: file.content }));
    if (files.length === 0) return { value: decision.value, commit: { paths } };

    const tree = await buildTree(ctx, head, files, uploadBlob);
    if (tree === head.tree) {
      const commitSha = await lastCommitOf(ctx, paths[0]!, head.commit);
      return { value: decision.value, commit: { paths, commitSha } };
    }
    const commitSha = await createCommit(ctx, head, tree, decision.message);
    const outcome = await moveBranch(
      ctx,
      branch,
      { from: head.commit, to: commitSha },
      options.refUpdate,
    );
    if (outcome === "landed") return { value: decision.value, commit: { paths, commitSha } };
  }
  throw new StoreError(
    `Branch ${branch} of ${ctx.owner}/${ctx.repo} kept moving during ${options.attempts} commit attempts; try again`,
    { status: 409 },
  );
}

/**
 * Uploads each distinct content once: blobs are content-addressed, so a blob uploaded for one
 * attempt serves every later attempt, whatever head it is decided on.
 */
function blobUploader(ctx: GitHubRepoContext): (file: ResearchFile) => Promise<string> {
  const uploaded = new Map<string, Promise<string>>();
  return (file) => {
    let sha = uploaded.get(file.content);
    if (!sha) {
      sha = ctx.octokit.rest.git
        .createBlob({
          owner: ctx.owner,
          repo: ctx.repo,
          content: Buffer.from(file.content, "utf8").toString("base64"),
          encoding: "base64",
        })
        .then(
          ({ data }) => data.sha,
          (error: unknown) => {
            throw toStoreError(error, errorContext(ctx, `uploading ${file.path}`));
          },
        );
      uploaded.set(file.content, sha);
    }
    return sha;
  };
}

async function buildTree(
  ctx: GitHubRepoContext,
  head: BranchHead,
  files: readonly ResearchFile[],
  uploadBlob: (file: ResearchFile) => Promise<string>,
): Promise<string> {
  const entries = [];
  for (const file of files) {
    const sha = await uploadBlob(file);
    entries.push({ path: file.path, mode: "100644" as const, type: "blob" as const, sha });
  }
  try {
    const { data } = await ctx.octokit.rest.git.createTree({
      owner: ctx.owner,
      repo: ctx.repo,
      base_tree: head.tree,
      tree: entries,
    });
    return data.sha;
  } catch (error) {
    throw toStoreError(error, errorContext(ctx, `building the tree for ${ctx.owner}/${ctx.repo}`));
  }
}

async function createCommit(
  ctx: GitHubRepoContext,
  head: BranchHead,
  tree: string,
  message: string,
): Promise<string> {
  try {
    const { data } = await ctx.octokit.rest.git.createCommit({
      owner: ctx.owner,
      repo: ctx.repo,
      message,
      tree,
      parents: [head.commit],
    });
    return data.sha;
  } catch (error) {
    throw toStoreError(error, errorContext(ctx, `creating a commit in ${ctx.owner}/${ctx.repo}`));
  }
}
