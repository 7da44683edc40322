export const INIT_SUMMARY =
  "set up an ideas repository: init github adds the issue form, workflow and its pinned bundle";

export const INIT_HELP = `Usage: idea-explorer init github [options]

Sets up a team's ideas repository to take ideas as GitHub issues. Writes
  .github/ISSUE_TEMPLATE/idea.yml          an issue form (idea, mode, context, depth) that adds
                                           the intake label
  .github/workflows/explore-ideas.yml      a workflow that runs "idea-explorer issues" when the
                                           label is put on an issue (and by hand)
  .github/idea-explorer/idea-explorer.mjs  this idea-explorer as one file, which the workflow runs
                                           after checking its SHA-256: nothing comes from a
                                           package registry when it runs
  .github/workflows/idea-explorer-refresh.yml
                                           with --schedule: a workflow that runs
                                           "idea-explorer refresh" every Monday at 06:00 UTC
                                           (and by hand) with the same bundle and hash check
and creates the labels (idea, idea-processing, idea-completed, idea-failed) if they are missing.
The workflow may write contents and issues, nothing else; every action it uses is pinned to a
commit. It reads the repository secret ANTHROPIC_API_KEY and the repository variables
IDEA_EXPLORER_MODEL, ANTHROPIC_BASE_URL, IDEA_EXPLORER_MAX_COST (default 2 USD a run),
IDEA_EXPLORER_PRICE_IN/_OUT, IDEA_EXPLORER_ISSUE_LABEL, IDEA_EXPLORER_TRUST (who may start a
paid run) and IDEA_EXPLORER_STALE_AFTER (when a killed run's claim is taken over), so it is
never edited by hand.

The refresh workflow is not written unless asked (--schedule), as it spends money on its own:
each Monday it refreshes the explorations last researched before IDEA_EXPLORER_REFRESH_OLDER_THAN
(default 90d), at most IDEA_EXPLORER_REFRESH_LIMIT of them (default 5), each capped at
IDEA_EXPLORER_REFRESH_MAX_COST US dollars (default 2), committing to this repository with the
same secret and model variables. Once there, --upgrade replaces it with the bundle it pins;
delete the file to stop the schedule.

A file that is already there is kept: --upgrade replaces the workflow and the bundle together
with this version's (the form stays), --force replaces every file.

On GitHub (--github OWNER/REPO or GITHUB_REPO, with GITHUB_TOKEN) the files land in one commit;
the token needs contents and issues write, and the workflow scope (fine-grained: Workflows write)
to add a workflow file. In a local folder (--repo DIR, default the current folder) the files are
written for you to commit and push; --github then names the repository to create the labels in.

Options:
  --github OWNER/REPO   the ideas repository on GitHub (default: GITHUB_REPO)
  --repo DIR            a local clone of it instead (default: the current folder)
  --label NAME          the intake label (default: IDEA_EXPLORER_ISSUE_LABEL, or "idea")
  --upgrade             replace the workflow and its bundle with this version's, in one commit
  --schedule            also write the weekly refresh workflow (with --upgrade on a repository
                        set up already)
  --force               replace every file if it is there already
  -h, --help            show this help`;
