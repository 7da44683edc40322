import { StoreError } from "../research-reader.ts";
import { statusOf, toStoreError } from "./github-error.ts";
import { errorContext, type GitHubRepoContext } from "./repo-context.ts";

/** Where a branch points: its commit and that commit's root tree. */
export interface BranchHead {
  commit: string;
  tree: string;
}

export async function readHead(ctx: GitHubRepoContext, branch: string): Promise<BranchHead> {
  const { owner, repo } = ctx;
  try {
    const { data } = await ctx.octokit.rest.repos.getBranch({ owner, repo, branch });
    return { commit: data.commit.sha, tree: data.commit.commit.tree.sha };
  } catch (error) {
    if (statusOf(error) === 404) {
      throw new StoreError(`Branch ${branch} does not exist in ${owner}/${repo}`, { status: 404 });
    }
    throw toStoreError(error, errorContext(ctx, `reading branch ${branch}`));
  }
}
