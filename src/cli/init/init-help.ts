export const INIT_SUMMARY =
  "set up an ideas repository: init github adds the issue form and workflow";

export const INIT_HELP = `Usage: idea-explorer init github [options]

Sets up a team's ideas repository to take ideas as GitHub issues. Writes
  .github/ISSUE_TEMPLATE/idea.yml        an issue form (idea, mode, context, depth) that adds the
                                         intake label
  .github/workflows/explore-ideas.yml    a workflow that runs "idea-explorer issues" when the label
                                         is put on an issue (and by hand): contents and issues write,
                                         nothing else; ANTHROPIC_API_KEY from the repository secrets
and creates the labels (idea, idea-processing, idea-completed, idea-failed) if they are missing.
A file that is already there is kept unless --force is given.

On GitHub (--github OWNER/REPO or GITHUB_REPO, with GITHUB_TOKEN) both files land in one commit;
the token needs contents and issues write, and the workflow scope (fine-grained: Workflows write)
to add a workflow file. In a local folder (--repo DIR, default the current folder) the files are
written for you to commit and push; --github then names the repository to create the labels in.

Options:
  --github OWNER/REPO   the ideas repository on GitHub (default: GITHUB_REPO)
  --repo DIR            a local clone of it instead (default: the current folder)
  --label NAME          the intake label (default: IDEA_EXPLORER_ISSUE_LABEL, or "idea")
  --force               replace the files if they are there already
  -h, --help            show this help`;
