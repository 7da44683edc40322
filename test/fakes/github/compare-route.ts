/**
 * GET /repos/{o}/{r}/compare/{base}...{head}: how two commits (or branches) relate, as GitHub
 * answers it: `status` ("identical", "ahead", "behind" or "diverged", from head's side),
 * `ahead_by`, `behind_by`, `total_commits`, `base_commit`, `merge_base_commit` and the commits
 * head has that base lacks, oldest first, paged by `per_page`/`page`. `files` is left out.
 */
import type { FakeRepo } from "./fake-repo.ts";
import { type GitHubReply, type GitHubRequest, notFound } from "./http.ts";

export interface CompareContext {
  repo: FakeRepo;
  request: GitHubRequest;
  apiUrl: string;
  /** A commit as the REST commit endpoints render it. */
  restCommit(sha: string): unknown;
}

export function compare(ctx: CompareContext, basehead: string): GitHubReply {
  const { repo, request } = ctx;
  const [baseRef, headRef, extra] = basehead.split("...");
  if (baseRef === undefined || headRef === undefined || extra !== undefined) return notFound();
  const base = repo.branches.get(baseRef) ?? baseRef;
  const head = repo.branches.get(headRef) ?? headRef;
  if (!repo.objects.commit(base) || !repo.objects.commit(head)) return notFound();

  const baseHistory = repo.objects.history(base);
  const headHistory = repo.objects.history(head);
  const ahead = headHistory.filter((sha) => !baseHistory.includes(sha)).reverse();
  const behind = baseHistory.filter((sha) => !headHistory.includes(sha));
  const mergeBase = headHistory.find((sha) => baseHistory.includes(sha));
  const status =
    ahead.length === 0 && behind.length === 0
      ? "identical"
      : behind.length === 0
        ? "ahead"
        : ahead.length === 0
          ? "behind"
          : "diverged";
  const perPage = Number(request.query.get("per_page") ?? 250);
  const page = Number(request.query.get("page") ?? 1);
  const api = `${ctx.apiUrl}/repos/${repo.fullName}`;
  return {
    status: 200,
    body: {
      url: `${api}/compare/${basehead}`,
      html_url: `https://github.com/${repo.fullName}/compare/${basehead}`,
      base_commit: ctx.restCommit(base),
      merge_base_commit: mergeBase === undefined ? null : ctx.restCommit(mergeBase),
      status,
      ahead_by: ahead.length,
      behind_by: behind.length,
      total_commits: ahead.length,
      commits: ahead.slice((page - 1) * perPage, page * perPage).map((sha) => ctx.restCommit(sha)),
    },
  };
}
