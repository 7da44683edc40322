export const ISSUES_SUMMARY = "explore the ideas filed as GitHub issues and answer each issue";

export const ISSUES_HELP = `Usage: idea-explorer issues [options]

Explores every open issue of the GitHub ideas repository that carries the intake label (default
"idea") and that no other run has claimed, oldest first, one at a time: claims it (label
idea-processing and a comment naming the run), explores the idea its form gives (or its title),
commits the research, answers with a comment (the link, the verdict or the directions, the cited
sources and the cost), labels it idea-completed and closes it. A duplicate idea is answered with
a link to the earlier research. A failure labels it idea-failed and says why in one line; the
issue stays open, and putting the intake label back retries it. Any number of runs may work on
one repository at once: each issue is explored once.

Options:
  --github OWNER/REPO          the ideas repository (default: GITHUB_REPO, or under GitHub Actions
                               GITHUB_REPOSITORY; needs GITHUB_TOKEN)
  --label NAME                 the intake label (default: IDEA_EXPLORER_ISSUE_LABEL, or "idea")
  --limit N                    explore at most N issues in this run (default: all waiting)
  --model M                    the model (default: IDEA_EXPLORER_MODEL, else as for explore)
  --max-cost USD               each exploration's cost cap (default: IDEA_EXPLORER_MAX_COST, or
                               2 when the model has a price)
  --trust WHO                  who may start a paid run: "collaborators" (default: the issue's
                               author is an owner, member or collaborator, or whoever labelled
                               it has triage rights or more) or "everyone" (IDEA_EXPLORER_TRUST);
                               anyone else's issue gets one comment asking a maintainer to label
                               it, loses the label, and costs nothing
  --stale-after DURATION       take over a claim this old whose run never answered (default:
                               IDEA_EXPLORER_STALE_AFTER, or 60m; longer than any run's --timeout)
  --provider P, --base-url URL, --api-key KEY   the model's provider, as for explore
  --price-in USD, --price-out USD   its price per million input/output tokens, as for explore
  --max-steps N, --token-budget N, --timeout DURATION, --parallel N,
  --request-timeout DURATION, --stats   each exploration's limits, as for explore
  -h, --help                   show this help

The issue decides the idea, the mode, the context and the depth; these options decide the rest.
Progress goes to stderr; stdout gets one line per issue: "#42 completed <url>", "#43 duplicate
<url>", "#44 failed: <why>", "#45 skipped: <why>".

Environment: GITHUB_REPO, GITHUB_TOKEN (contents and issues write), GITHUB_BRANCH,
GITHUB_API_URL, GITHUB_TIMEOUT_MS, IDEA_EXPLORER_ISSUE_LABEL, IDEA_EXPLORER_MODEL,
IDEA_EXPLORER_MAX_COST, IDEA_EXPLORER_TRUST, IDEA_EXPLORER_STALE_AFTER, and the model's and
search's variables of explore.
Under GitHub Actions GitHub's own variables do the rest: GITHUB_REPOSITORY names the repository,
the event (GITHUB_EVENT_PATH) its default branch, an issues event for another label is nothing to
do, and the claim links the run (GITHUB_SERVER_URL, GITHUB_RUN_ID).

Exit codes: 0 every issue answered (or none waiting), 1 an issue failed (it says why) or GitHub
could not be used, 2 bad input or configuration, 130/143 stopped by SIGINT/SIGTERM (the issue
being explored is given back, unclaimed).`;
