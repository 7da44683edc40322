import {
  actions,
  BUNDLE_PATH,
  bundleSteps,
  expressionString,
  modelEnv,
  priceEnv,
  renderWorkflow,
} from "./bundle-workflow.ts";
import type { IntakeLabels } from "./intake-labels.ts";

export { BUNDLE_PATH, bundleSha256, PINNED_ACTIONS } from "./bundle-workflow.ts";

export const WORKFLOW_PATH = ".github/workflows/explore-ideas.yml";
/** What one intake run may spend unless the repository variable IDEA_EXPLORER_MAX_COST says. */
export const DEFAULT_INTAKE_MAX_COST_USD = 2;

/**
 * The workflow that runs `idea-explorer issues` when the intake label is put on an issue, and by
 * hand. It runs the committed bundle and nothing from a registry: the bundle's folder alone is
 * checked out, its SHA-256 checked against the one written here (so a changed bundle stops the
 * run before any model call), and run by the Node that setup-node installs. Secrets reach only
 * the step that runs it; the job may write contents and issues and nothing else. Every setting a
 * team may change (model, gateway, cost cap, label, price) is a repository variable, read when
 * the workflow runs, so the file is never edited by hand and --upgrade can replace it.
 */
export function intakeWorkflow(labels: IntakeLabels, bundle: string): string {
  const label = expressionString(labels.intake);
  const intakeLabel = `vars.IDEA_EXPLORER_ISSUE_LABEL || ${label}`;
  const workflow = {
    name: "Explore ideas",
    on: {
      issues: { types: ["labeled"] },
      workflow_dispatch: {},
    },
    // Nothing for any job that does not ask; this one asks for what it uses.
    permissions: {},
    jobs: {
      explore: {
        if: `github.event_name == 'workflow_dispatch' || github.event.label.name == (${intakeLabel})`,
        "runs-on": "ubuntu-latest",
        "timeout-minutes": 60,
        // Commits research, comments on and labels issues; checkout reads the bundle with it.
        permissions: { contents: "write", issues: "write" },
        // On the job, not the workflow: a run for another label is skipped by the `if` above
        // before it could take the place of a waiting intake run. One intake run at a time;
        // each takes every waiting issue, and a claim keeps two runs of one issue apart anyway.
        concurrency: { group: "explore-ideas", "cancel-in-progress": false },
        steps: [
          ...bundleSteps(bundle),
          {
            name: "Explore the issues labelled for intake",
            shell: "bash",
            run: `node ${BUNDLE_PATH} issues`,
            env: {
              ...modelEnv(),
              IDEA_EXPLORER_MAX_COST: actions(
                `vars.IDEA_EXPLORER_MAX_COST || '${DEFAULT_INTAKE_MAX_COST_USD}'`,
              ),
              ...priceEnv(),
              IDEA_EXPLORER_ISSUE_LABEL: actions(intakeLabel),
              // Who may start paid runs, and when a killed run's claim is taken over.
              IDEA_EXPLORER_TRUST: actions("vars.IDEA_EXPLORER_TRUST"),
              IDEA_EXPLORER_STALE_AFTER: actions("vars.IDEA_EXPLORER_STALE_AFTER"),
            },
          },
        ],
      },
    },
  };
  return renderWorkflow(workflow, "explore");
}
