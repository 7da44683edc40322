import path from "node:path";
import { ConfigError } from "../../config/config-error.ts";
import { parseEnv } from "../../config/env.ts";
import { intakeLabels, labelSpecs } from "../../research/issues/intake-labels.ts";
import { setupFiles } from "../../research/issues/setup-templates.ts";
import { githubIntakeFromEnv } from "../../store/github-intake-from-env.ts";
import { LocalSetupFiles } from "../../store/local/local-setup-files.ts";
import { StoreError } from "../../store/research-reader.ts";
import type { SetupFileWriter } from "../../store/setup-files.ts";
import type { CliIo } from "../cli-io.ts";
import type { InitFlags } from "../init-command.ts";
import { packageVersion } from "../package-version.ts";

/**
 * Writes the issue form and the workflow into the ideas repository (a commit on GitHub, or files
 * in a local folder) and creates the intake labels where a GitHub repository is known.
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
  const files = setupFiles(labels, await packageVersion());

  let outcome: Awaited<ReturnType<SetupFileWriter["write"]>>;
  try {
    outcome = await writer.write(files, { force: flags.force });
  } catch (error) {
    throw withWorkflowHint(error, writer === intake?.setup);
  }
  for (const file of outcome.written) io.stdout.write(`${file}\n`);
  for (const file of outcome.kept) {
    io.stderr.write(`Kept ${file}: it is there already (--force replaces it)\n`);
  }
  if (outcome.written.length) {
    const where =
      writer === intake?.setup ? outcome.where : `${shownFolder} (commit and push them)`;
    io.stderr.write(`Wrote ${outcome.written.length} of ${files.length} files to ${where}\n`);
  }

  if (intake) {
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
  return 0;
}

/** GitHub refuses a workflow file from a token without the workflow scope: say so. */
function withWorkflowHint(error: unknown, onGitHub: boolean): unknown {
  if (!onGitHub || !(error instanceof StoreError)) return error;
  if (error.status !== 403 && error.status !== 404 && error.status !== 422) return error;
  return new ConfigError(
    `${error.message.replace(/[.\s]*$/, "")}; adding .github/workflows needs a token with the workflow scope (fine-grained: Workflows read and write)`,
  );
}
