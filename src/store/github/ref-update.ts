import { setTimeout as sleep } from "node:timers/promises";
import { readHead } from "./branch-head.ts";
import { answerWasLost, statusOf, toStoreError } from "./github-error.ts";
import { errorContext, type GitHubRepoContext } from "./repo-context.ts";

export interface RefUpdateOptions {
  /** Times to send the update again when its answer was lost and it had not landed. */
  resends: number;
  /** One unit of the quadratic backoff between those sends, in ms. */
  delayUnitMs: number;
}

/** "landed": the branch holds the commit. "moved": someone else's commit got there first. */
export type RefUpdateOutcome = "landed" | "moved";

/**
 * Moves `branch` from `from` to `to`, a fast forward only (never force), so a push made
 * meanwhile is refused with 422 instead of being overwritten.
 *
 * An update can land while its answer is lost (a timeout, a 5xx, a dropped connection): the
 * error then says nothing about the branch, so the branch is read instead of trusting it.
 * Pointing at `to`, or at a later commit that has `to` in its history: landed. Still at `from`:
 * the update did not land and is sent again. Anywhere else: moved. The update itself is never
 * resent blindly by the retry plugin: a resend of a landed update could be refused (the branch
 * moved on) and read as a conflict, and the caller would commit a second time.
 */
export async function moveBranch(
  ctx: GitHubRepoContext,
  branch: string,
  move: { from: string; to: string },
  options: RefUpdateOptions,
): Promise<RefUpdateOutcome> {
  const action = `updating branch ${branch}`;
  let anAnswerWasLost = false;
  for (let sent = 1; ; sent++) {
    let failure: unknown;
    try {
      await ctx.octokit.rest.git.updateRef({
        owner: ctx.owner,
        repo: ctx.repo,
        ref: `heads/${branch}`,
        sha: move.to,
        force: false,
        request: { retries: 0 },
      });
      return "landed";
    } catch (error) {
      failure = error;
    }
    const lost = answerWasLost(failure);
    if (!lost && statusOf(failure) !== 422) throw toStoreError(failure, errorContext(ctx, action));
    // A 422 is GitHub's real answer (not a fast forward), final unless an earlier send of ours
    // may have landed in the meantime.
    if (!lost && !anAnswerWasLost) return "moved";
    anAnswerWasLost = true;

    const now = (await readHead(ctx, branch)).commit;
    if (now === move.to) return "landed";
    if (now !== move.from) return (await isInHistory(ctx, move.to, now)) ? "landed" : "moved";
    if (sent > options.resends) {
      throw toStoreError(failure, { ...errorContext(ctx, action), attempts: sent });
    }
    await sleep(sent ** 2 * options.delayUnitMs);
  }
}

/** Whether `commit` is `head` or one of its ancestors (GitHub's compare: head is not behind). */
async function isInHistory(ctx: GitHubRepoContext, commit: string, head: string) {
  try {
    const { data } = await ctx.octokit.rest.repos.compareCommitsWithBasehead({
      owner: ctx.owner,
      repo: ctx.repo,
      basehead: `${commit}...${head}`,
      per_page: 1,
    });
    return data.status === "ahead" || data.status === "identical";
  } catch (error) {
    throw toStoreError(error, errorContext(ctx, "checking whether the commit landed"));
  }
}
