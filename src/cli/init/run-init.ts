import path from "node:path";
import { ConfigError } from "../../config/config-error.ts";
import { parseEnv } from "../../config/env.ts";
import { intakeLabels, labelSpecs } from "../../research/issues/intake-labels.ts";
import { REFRESH_DEFAULTS } from "../../research/issues/refresh-workflow.ts";
import {
  BUNDLE_PATH,
  ISSUE_FORM_PATH,
  REFRESH_WORKFLOW_PATH,
  setupGroups,
  WORKFLOW_PATH,
} from "../../research/issues/setup-templates.ts";
import { githubIntakeFromEnv } from "../../store/github-intake-from-env.ts";
import { LocalSetupFiles } from "../../store/local/local-setup-files.ts";
import { StoreError } from "../../store/research-reader.ts";
import type { SetupFileWriter, SetupOutcome } from "../../store/setup-files.ts";
import type { CliIo } from "../cli-io.ts";
import { packageVersion } from "../package-version.ts";
import { readActionBundle } from "./action-bundle.ts";

/** What `init github` was asked for, its command line checked (by init-command.ts). */
export type InitFlags = {
  github: string | undefined;
  repo: string | undefined;
  label: string | undefined;
  force: boolean;
  /** Replace the workflow and the bundle it runs (in one commit), keeping the issue form. */
  upgrade: boolean;
  /** Also write the weekly refresh workflow, which runs the same bundle. */
  schedule: boolean;
};

/**
 * Writes the issue form, the workflow and the bundle it runs into the ideas repository (one
 * commit on GitHub, or files in a local folder) and creates the intake labels where a GitHub
 * repository is known. --upgrade replaces the workflow and the bundle; --force every file.
 */
export async function runInitGitHub(flags: InitFlags, io: CliIo): Promise<number> {
  const env = parseEnv(io.env);
  const labels = intakeLabels(
    flags.label ?? env.IDEA_EXPLORER_ISSUE_LABEL,
    flags.label === undefined && env.IDEA_EXPLORER_ISSUE_LABEL
      ? "IDEA_EXPLORER_ISSUE_LABEL"
      : "--label",
  );
  // Files go to --repo when given, else to the GitHub repository, else to the current folder.
  const github = flags.github ?? (flags.repo ? undefined : env.GITHUB_REPO);
  const intake = github ? githubIntakeFromEnv(github, env) : undefined;
  const writer: SetupFileWriter =
    flags.repo !== undefined || !intake
      ? new LocalSetupFiles(path.resolve(io.cwd, flags.repo ?? "."))
      : intake.setup;
  const shownFolder = flags.repo ?? ".";
  const [bundle, version] = await Promise.all([readActionBundle(), packageVersion()]);
  const groups = setupGroups(labels, bundle, { schedule: flags.schedule });
  const replace = new Set(
    flags.force ? [ISSUE_FORM_PATH, WORKFLOW_PATH] : flags.upgrade ? [WORKFLOW_PATH] : [],
  );
  const message = flags.upgrade
    ? `Upgrade the idea intake to idea-explorer ${version}`
    : "Set up idea intake from GitHub issues";

  let outcome: SetupOutcome;
  try {
    outcome = await writer.write(groups, { replace, message });
  } catch (error) {
    throw withWorkflowHint(error, writer === intake?.setup);
  }
  for (const file of outcome.written) io.stdout.write(`${file}\n`);
  for (const file of outcome.kept) {
    // Asked for and not written: said once below, whether or not one is there.
    if (flags.schedule && file === REFRESH_WORKFLOW_PATH) continue;
    io.stderr.write(`Kept ${file}: ${whyKept(file)}\n`);
  }
  for (const file of outcome.unchanged) io.stderr.write(`${file} is up to date\n`);
  if (outcome.written.length) {
    const where =
      writer === intake?.setup ? outcome.where : `${shownFolder} (commit and push them)`;
    const total = outcome.written.length + outcome.kept.length + outcome.unchanged.length;
    io.stderr.write(`Wrote ${outcome.written.length} of ${total} files to ${where}\n`);
  }

  if (intake) {
    if (await intake.issues.isPublic()) io.stderr.write(`warning: ${PUBLIC_REPOSITORY_WARNING}\n`);
    const created = await intake.issues.ensureLabels(labelSpecs(labels));
    io.stderr.write(
      created.length
        ? `Created the labels ${created.join(", ")} in ${intake.issues.description}\n`
        : `The labels are in ${intake.issues.description} already\n`,
    );
  } else {
    io.stderr.write(
      `Labels not created: no GitHub repository given (pass --github OWNER/REPO with GITHUB_TOKEN)\n`,
    );
  }
  io.stderr.write(
    "Next: add the repository secret ANTHROPIC_API_KEY (Settings → Secrets and variables → Actions), then file an issue with the Idea form.\n",
  );
  if (outcome.written.includes(REFRESH_WORKFLOW_PATH)) {
    const { limit, olderThan, maxCostUsd } = REFRESH_DEFAULTS;
    io.stderr.write(
      `Every Monday the refresh workflow refreshes up to ${limit} explorations older than ${olderThan}, at most ${maxCostUsd} USD each (the repository variables IDEA_EXPLORER_REFRESH_LIMIT, _OLDER_THAN and _MAX_COST change that).\n`,
    );
  } else if (flags.schedule && outcome.kept.includes(WORKFLOW_PATH)) {
    io.stderr.write(
      `${REFRESH_WORKFLOW_PATH} was not written: it pins the same bundle as the intake workflow, which is kept; idea-explorer init github --schedule --upgrade writes both with this version's bundle.\n`,
    );
  }
  return 0;
}

/** The workflow decides for its bundle (kept or replaced as a pair, by --upgrade); the form is
 * replaced only by --force. */
function whyKept(file: string): string {
  return file === WORKFLOW_PATH || file === BUNDLE_PATH || file === REFRESH_WORKFLOW_PATH
    ? "the workflow is there already (--upgrade replaces the workflow and its bundle with this version's)"
    : "it is there already (--force replaces it)";
}

/** GitHub refuses a workflow file from a token without the workflow scope: say so. */
function withWorkflowHint(error: unknown, onGitHub: boolean): unknown {
  if (!onGitHub || !(error instanceof StoreError)) return error;
  if (error.status !== 403 && error.status !== 404 && error.status !== 422) return error;
  return new ConfigError(
    `${error.message.replace(/[.\s]*$/, "")}; adding .github/workflows needs a token with the workflow scope (fine-grained: Workflows read and write)`,
  );
}

/** Anyone can file the Idea form on a public repository, and the form adds the intake label. */
export const PUBLIC_REPOSITORY_WARNING =
  "this repository is public: anyone can file an idea. Only issues written or labelled by people with triage rights or more are explored (IDEA_EXPLORER_TRUST=everyone lifts that); a stranger's issue is answered with a request for a maintainer to label it, at no cost.";
