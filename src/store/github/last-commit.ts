import type { GitHubRepoContext } from "./repo-context.ts";

/**
 * The newest commit in `head`'s history that touched `path`, or `head` when none is found: when
 * the head already holds the files, the commit that wrote them (the head itself may be someone
 * else's later commit).
 */
export async function lastCommitOf(
  ctx: GitHubRepoContext,
  path: string,
  head: string,
): Promise<string> {
  try {
    const { data } = await ctx.octokit.rest.repos.listCommits({
      owner: ctx.owner,
      repo: ctx.repo,
      sha: head,
      path,
      per_page: 1,
    });
    return data[0]?.sha ?? head;
  } catch {
    // The files are committed either way; only the reported SHA would be less precise.
    return head;
  }
}
