import { createHash } from "node:crypto";
import { Document, type Scalar } from "yaml";
import { ConfigError } from "../../config/config-error.ts";

/** The single-file build of idea-explorer the workflows run, committed beside them. */
export const BUNDLE_PATH = ".github/idea-explorer/idea-explorer.mjs";

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

/** The bundle's SHA-256 as the workflows pin it: of the bytes committed (its UTF-8 text). */
export function bundleSha256(bundle: string): string {
  return createHash("sha256").update(bundle, "utf8").digest("hex");
}

/**
 * The steps every workflow `init github` writes starts with, before anything of idea-explorer
 * runs: the bundle's folder alone checked out, Node 24 set up, and the bundle's SHA-256 checked
 * against the one written here, so a changed bundle stops the run before any model call. None of
 * them sees a secret.
 */
export function bundleSteps(bundle: string) {
  return [
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
  ];
}

/**
 * What the step that runs the bundle reads from the repository's secrets and variables, in every
 * workflow: the model's key, gateway, name and price, and the job's own token.
 */
export function modelEnv(): Record<string, string> {
  return {
    ANTHROPIC_API_KEY: actions("secrets.ANTHROPIC_API_KEY"),
    GITHUB_TOKEN: actions("secrets.GITHUB_TOKEN"),
    ANTHROPIC_BASE_URL: actions("vars.ANTHROPIC_BASE_URL"),
    IDEA_EXPLORER_MODEL: actions("vars.IDEA_EXPLORER_MODEL"),
  };
}

/** The model's price, read when no flag gives one. */
export function priceEnv(): Record<string, string> {
  return {
    IDEA_EXPLORER_PRICE_IN: actions("vars.IDEA_EXPLORER_PRICE_IN"),
    IDEA_EXPLORER_PRICE_OUT: actions("vars.IDEA_EXPLORER_PRICE_OUT"),
  };
}

/**
 * The workflow as YAML: a header saying who wrote it and how it is replaced, and each pinned
 * action's tag in a comment after its commit.
 */
export function renderWorkflow(workflow: { jobs: Record<string, unknown> }, job: string): string {
  const doc = new Document(workflow);
  doc.commentBefore =
    " Written by idea-explorer init github; `idea-explorer init github --upgrade` replaces it\n" +
    ` and ${BUNDLE_PATH} together. Settings are repository variables: idea-explorer init github --help.`;
  for (const [index, pinned] of [PINNED_ACTIONS.checkout, PINNED_ACTIONS.setupNode].entries()) {
    const uses = doc.getIn(["jobs", job, "steps", index, "uses"], true) as Scalar;
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
export function actions(expression: string): string {
  return `$\{{ ${expression} }}`;
}

/** A string literal of the Actions expression language (quotes doubled). */
export function expressionString(text: string): string {
  // Inside `${{ }}` a `}}` or `${{` of the label would end or open an expression.
  if (text.includes("}}") || text.includes("${{")) {
    throw new ConfigError(
      `the intake label must not contain "$\{{" or "}}": the workflow would read it as an expression`,
    );
  }
  return `'${text.replaceAll("'", "''")}'`;
}
