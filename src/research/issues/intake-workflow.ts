import { createHash } from "node:crypto";
import { Document, type Scalar } from "yaml";
import { ConfigError } from "../../config/config-error.ts";
import type { IntakeLabels } from "./intake-labels.ts";

export const WORKFLOW_PATH = ".github/workflows/explore-ideas.yml";
/** The single-file build of idea-explorer the workflow runs, committed beside it. */
export const BUNDLE_PATH = ".github/idea-explorer/idea-explorer.mjs";
/** What one intake run may spend unless the repository variable IDEA_EXPLORER_MAX_COST says. */
export const DEFAULT_INTAKE_MAX_COST_USD = 2;

/**
 * Actions pinned by commit (a tag can be moved to other code), the tag kept in a comment for
 * people. Both are the v5 releases, which run on Node 24.
 */
export const PINNED_ACTIONS = {
  checkout: { uses: "actions/checkout@08c6903cd8c0fde910a37f88322edcfb5dd907a8", tag: "v5.0.0" },
  setupNode: {
    uses: "actions/setup-node@a0853c24544627f65ddf259abe73b1d18a591444",
    tag: "v5.0.0",
  },
} as const;

/** The bundle's SHA-256 as the workflow pins it: of the bytes committed (its UTF-8 text). */
export function bundleSha256(bundle: string): string {
  return createHash("sha256").update(bundle, "utf8").digest("hex");
}

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
          {
            name: "Check out the idea-explorer bundle",
            uses: PINNED_ACTIONS.checkout.uses,
            with: {
              "persist-credentials": false,
              "sparse-checkout": ".github/idea-explorer/",
              "sparse-checkout-cone-mode": false,
            },
          },
          {
            name: "Set up Node 24",
            uses: PINNED_ACTIONS.setupNode.uses,
            with: { "node-version": 24, "package-manager-cache": false },
          },
          {
            name: "Check the bundle's SHA-256",
            shell: "bash",
            run: hashCheck(bundleSha256(bundle)),
          },
          {
            name: "Explore the issues labelled for intake",
            shell: "bash",
            run: `node ${BUNDLE_PATH} issues`,
            env: {
              ANTHROPIC_API_KEY: actions("secrets.ANTHROPIC_API_KEY"),
              GITHUB_TOKEN: actions("secrets.GITHUB_TOKEN"),
              ANTHROPIC_BASE_URL: actions("vars.ANTHROPIC_BASE_URL"),
              IDEA_EXPLORER_MODEL: actions("vars.IDEA_EXPLORER_MODEL"),
              IDEA_EXPLORER_MAX_COST: actions(
                `vars.IDEA_EXPLORER_MAX_COST || '${DEFAULT_INTAKE_MAX_COST_USD}'`,
              ),
              IDEA_EXPLORER_PRICE_IN: actions("vars.IDEA_EXPLORER_PRICE_IN"),
              IDEA_EXPLORER_PRICE_OUT: actions("vars.IDEA_EXPLORER_PRICE_OUT"),
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
  const doc = new Document(workflow);
  doc.commentBefore =
    " Written by idea-explorer init github; `idea-explorer init github --upgrade` replaces it\n" +
    ` and ${BUNDLE_PATH} together. Settings are repository variables: idea-explorer init github --help.`;
  for (const [index, pinned] of [PINNED_ACTIONS.checkout, PINNED_ACTIONS.setupNode].entries()) {
    const uses = doc.getIn(["jobs", "explore", "steps", index, "uses"], true) as Scalar;
    uses.comment = ` ${pinned.tag}`;
  }
  return doc.toString({ lineWidth: 0 });
}

/**
 * One line and a failed step when the bundle is not the one pinned (changed, or missing), before
 * anything of it runs. `::error::` makes the line the run's annotation.
 */
function hashCheck(sha256: string): string {
  return [
    `expected=${sha256}`,
    `actual=$(sha256sum ${BUNDLE_PATH} 2>/dev/null | cut -d ' ' -f 1 || true)`,
    `if [ "$actual" != "$expected" ]; then`,
    `  echo "::error::${BUNDLE_PATH} is not the bundle this workflow pins (SHA-256 $expected); run idea-explorer init github --upgrade to commit a matching pair"`,
    "  exit 1",
    "fi",
    "",
  ].join("\n");
}

/** A GitHub Actions expression, `${{ … }}`, evaluated by Actions when the step runs. */
function actions(expression: string): string {
  return `$\{{ ${expression} }}`;
}

/** A string literal of the Actions expression language (quotes doubled). */
function expressionString(text: string): string {
  // Inside `${{ }}` a `}}` or `${{` of the label would end or open an expression.
  if (text.includes("}}") || text.includes("${{")) {
    throw new ConfigError(
      `the intake label must not contain "$\{{" or "}}": the workflow would read it as an expression`,
    );
  }
  return `'${text.replaceAll("'", "''")}'`;
}
