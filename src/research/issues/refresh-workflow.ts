import {
  actions,
  BUNDLE_PATH,
  bundleSteps,
  modelEnv,
  priceEnv,
  renderWorkflow,
} from "./bundle-workflow.ts";

export const REFRESH_WORKFLOW_PATH = ".github/workflows/idea-explorer-refresh.yml";
/** Every Monday at 06:00 UTC, the Cloudflare Worker's Cron Trigger too. */
export const REFRESH_CRON = "0 6 * * 1";
/** The defaults when the repository variables say nothing: a quarter, five, 2 USD each. */
export const REFRESH_DEFAULTS = { olderThan: "90d", limit: "5", maxCostUsd: "2" } as const;

/**
 * The bundle's command line, its settings passed as the step's environment (never written into
 * the script: a variable's text stays one argument whatever it holds), --model only when the
 * repository variable names one.
 */
const REFRESH_SCRIPT = [
  'args=(refresh --older-than "$IDEA_EXPLORER_REFRESH_OLDER_THAN" --limit "$IDEA_EXPLORER_REFRESH_LIMIT" --max-cost "$IDEA_EXPLORER_REFRESH_MAX_COST")',
  'if [ -n "$IDEA_EXPLORER_MODEL" ]; then args+=(--model "$IDEA_EXPLORER_MODEL"); fi',
  `node ${BUNDLE_PATH} "\${args[@]}"`,
  "",
].join("\n");

/**
 * The workflow that keeps the research current: weekly (and by hand) it runs `idea-explorer
 * refresh` from the same committed bundle as the intake workflow, checked by the same SHA-256,
 * against this repository. Each refresh is capped (IDEA_EXPLORER_REFRESH_MAX_COST, default 2 USD)
 * and a run refreshes at most IDEA_EXPLORER_REFRESH_LIMIT explorations (default 5), so a run
 * spends at most their product. The job may write contents and nothing else.
 */
export function refreshWorkflow(bundle: string): string {
  const workflow = {
    name: "Refresh explorations",
    on: {
      schedule: [{ cron: REFRESH_CRON }],
      workflow_dispatch: {},
    },
    permissions: {},
    jobs: {
      refresh: {
        "runs-on": "ubuntu-latest",
        // Refreshes run one after another: five of about 10 minutes each, with room to spare.
        "timeout-minutes": 120,
        // Commits the refreshed research; checkout reads the bundle with it.
        permissions: { contents: "write" },
        // A run by hand while the weekly one is going waits for it instead of racing it.
        concurrency: { group: "idea-explorer-refresh", "cancel-in-progress": false },
        steps: [
          ...bundleSteps(bundle),
          {
            name: "Refresh the stale explorations",
            shell: "bash",
            run: REFRESH_SCRIPT,
            env: {
              ...modelEnv(),
              ...priceEnv(),
              // The ideas repository is this one.
              GITHUB_REPO: actions("github.repository"),
              IDEA_EXPLORER_REFRESH_OLDER_THAN: actions(
                `vars.IDEA_EXPLORER_REFRESH_OLDER_THAN || '${REFRESH_DEFAULTS.olderThan}'`,
              ),
              IDEA_EXPLORER_REFRESH_LIMIT: actions(
                `vars.IDEA_EXPLORER_REFRESH_LIMIT || '${REFRESH_DEFAULTS.limit}'`,
              ),
              IDEA_EXPLORER_REFRESH_MAX_COST: actions(
                `vars.IDEA_EXPLORER_REFRESH_MAX_COST || '${REFRESH_DEFAULTS.maxCostUsd}'`,
              ),
            },
          },
        ],
      },
    },
  };
  return renderWorkflow(workflow, "refresh");
}
