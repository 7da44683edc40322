import { randomUUID } from "node:crypto";
import { ConfigError } from "../../config/config-error.ts";
import { type Env, parseEnv } from "../../config/env.ts";
import { parseExploreRequest } from "../../config/explore-request.ts";
import { checkCostLimit } from "../../research/explore/cost-limit.ts";
import { webFetchToolingFromEnv } from "../../research/explore/web-fetch-tooling.ts";
import { intakeLabels } from "../../research/issues/intake-labels.ts";
import { trustPolicy } from "../../research/issues/intake-trust.ts";
import { runIssueIntake } from "../../research/issues/issue-intake.ts";
import type { IssueResult } from "../../research/issues/issue-workflow.ts";
import { staleAfterMs } from "../../research/issues/stale-claim.ts";
import { resolveSearchBackend } from "../../search/resolve-search-backend.ts";
import { githubIntakeFromEnv } from "../../store/github-intake-from-env.ts";
import { githubStoreFromEnv } from "../../store/github-store-from-env.ts";
import type { CliIo } from "../cli-io.ts";
import { Interrupted, onStopSignal } from "../interrupted.ts";
import { oneLineError } from "../one-line-error.ts";
import { printable } from "../printable.ts";
import { requireUsableStore } from "../require-usable-store.ts";
import { resolveCliModel } from "../resolve-cli-model.ts";
import { actionsRunFromEnv } from "./actions-run.ts";
import { withDefaultCostCap } from "./default-cost-cap.ts";
import type { IssuesFlags } from "./issues-options.ts";
import { issuesRepository, withEnvDefaults } from "./issues-settings.ts";

/**
 * `idea-explorer issues` once its command line is checked: everything that can be checked
 * (the repository and its token, the model and its key, the limits) is, before any issue is
 * claimed; then the waiting issues are explored one by one.
 */
export async function runIssues(flags: IssuesFlags, io: CliIo): Promise<number> {
  const env = parseEnv(io.env);
  const run = await actionsRunFromEnv(env);
  const repository = issuesRepository(flags.github, env, run);
  if (!repository) {
    throw new ConfigError(
      "issues works on the GitHub ideas repository: set GITHUB_REPO=owner/repo (or pass --github) and GITHUB_TOKEN",
    );
  }
  const { github } = repository;
  const labels = intakeLabels(
    flags.label ?? env.IDEA_EXPLORER_ISSUE_LABEL,
    flags.label === undefined && env.IDEA_EXPLORER_ISSUE_LABEL
      ? "IDEA_EXPLORER_ISSUE_LABEL"
      : "--label",
  );
  const trust = trustPolicy(
    flags.trust ?? env.IDEA_EXPLORER_TRUST,
    flags.trust === undefined && env.IDEA_EXPLORER_TRUST ? "IDEA_EXPLORER_TRUST" : "--trust",
  );
  const staleAfter = staleAfterMs(
    flags.staleAfter ?? env.IDEA_EXPLORER_STALE_AFTER,
    flags.staleAfter === undefined && env.IDEA_EXPLORER_STALE_AFTER
      ? "IDEA_EXPLORER_STALE_AFTER"
      : "--stale-after",
  );
  const say = (line: string) => io.stderr.write(`${printable(line)}\n`);
  // Actions compares strings ignoring case, and so do GitHub's label names.
  if (run.labelled && run.labelled.label.toLowerCase() !== labels.intake.toLowerCase()) {
    say(
      `#${run.labelled.issue} was labelled "${run.labelled.label}", not "${labels.intake}": nothing to do`,
    );
    return 0;
  }
  // The runner's limits, checked now with a stand-in idea: a bad one (or a cost cap the model
  // has no price for) fails before any claim.
  const settings = withEnvDefaults(flags, env);
  const { model, names } = settings;
  const resolved = resolveCliModel(model, env);
  const defaults = withDefaultCostCap(settings.defaults, resolved);
  checkCostLimit(parseExploreRequest({ idea: "check", ...defaults }, names), resolved);
  const store = githubStoreFromEnv(github, repository.env, repository.name);
  const { issues, stash } = githubIntakeFromEnv(github, repository.env, repository.name);
  await requireUsableStore(store, { github });

  const abort = new AbortController();
  const stopListening = onStopSignal((signal) =>
    abort.abort(new Interrupted(signal, "the issue being explored was given back")),
  );
  say(`Exploring the issues labelled "${labels.intake}" in ${issues.description}`);
  let results: IssueResult[];
  try {
    results = await runIssueIntake(
      {
        store,
        issues,
        stash,
        labels,
        trust,
        staleAfterMs: staleAfter,
        defaults,
        searchBackend: resolveSearchBackend(env),
        tooling: { webFetch: webFetchToolingFromEnv(env) },
        resolveModel: (request, hooks) =>
          resolveCliModel({ ...model, model: request.model ?? model.model }, env, {
            ...(hooks?.onRequestRetry ? { onRequestRetry: hooks.onRequestRetry } : {}),
          }),
        ...runnerName(env),
        redact: io.redact,
        onFailure: (number, error) =>
          say(`  #${number} failed: ${oneLineError(error, io.env, io.redact)}`),
      },
      {
        limit: flags.limit,
        signal: abort.signal,
        newRunId: randomUUID,
        announce: say,
        onResult: (result) => io.stdout.write(`${printable(resultLine(result))}\n`),
      },
    );
  } catch (error) {
    if (abort.signal.reason instanceof Interrupted) throw abort.signal.reason;
    throw error;
  } finally {
    stopListening();
  }
  say(tally(results));
  return results.some((r) => r.status === "failed") ? 1 : 0;
}

function resultLine(result: IssueResult): string {
  const where = result.url ?? result.path;
  switch (result.status) {
    case "completed":
    case "duplicate":
      return `#${result.issue} ${result.status} ${where ?? ""}`.trimEnd();
    case "failed":
    case "skipped":
      return `#${result.issue} ${result.status}: ${result.reason ?? "no reason given"}`;
  }
}

function tally(results: IssueResult[]): string {
  if (results.length === 0) return "No issues are waiting.";
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const parts = ["completed", "duplicate", "failed", "skipped"]
    .filter((s) => counts.has(s))
    .map((s) => `${counts.get(s)} ${s}`);
  return `${results.length} ${results.length === 1 ? "issue" : "issues"}: ${parts.join(", ")}`;
}

/** Under GitHub Actions, the claim comment links the run that claimed. */
function runnerName(env: Env): { runner?: string } {
  const { GITHUB_RUN_ID: id, GITHUB_REPOSITORY: repository } = env;
  if (!id || !repository || !/^[\w.-]+\/[\w.-]+$/.test(repository)) return {};
  const server = (env.GITHUB_SERVER_URL ?? "https://github.com").replace(/\/+$/, "");
  return { runner: `[GitHub Actions run ${id}](${server}/${repository}/actions/runs/${id})` };
}
