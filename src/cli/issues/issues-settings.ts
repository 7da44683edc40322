import type { Env } from "../../config/env.ts";
import { REQUEST_FLAG_NAMES } from "../explore/request-flag-names.ts";
import type { ActionsRun } from "./actions-run.ts";
import type { IssuesFlags } from "./issues-options.ts";

/** The ideas repository `issues` works on, the name it was given by, and its settings. */
export interface IssuesRepository {
  github: string;
  /** --github, GITHUB_REPO or GITHUB_REPOSITORY: what a message about it names. */
  name: string;
  /** The environment with GITHUB_BRANCH filled in from the Actions run where it says. */
  env: Env;
}

/**
 * --github, else GITHUB_REPO, else the repository whose Actions workflow is running (only
 * `issues` falls back to it: it works on GitHub anyway, while explore in some other
 * repository's workflow must not start committing to that repository). Research goes to
 * GITHUB_BRANCH, else, for the run's own repository, the default branch the event names.
 */
export function issuesRepository(
  flag: string | undefined,
  env: Env,
  run: ActionsRun,
): IssuesRepository | undefined {
  const [github, name] = flag
    ? [flag, "--github"]
    : env.GITHUB_REPO
      ? [env.GITHUB_REPO, "GITHUB_REPO"]
      : run.repository
        ? [run.repository, "GITHUB_REPOSITORY"]
        : [];
  if (!github || !name) return undefined;
  const runsHere = run.repository?.toLowerCase() === github.trim().toLowerCase();
  const branch = env.GITHUB_BRANCH ?? (runsHere ? run.defaultBranch : undefined);
  return { github, name, env: branch ? { ...env, GITHUB_BRANCH: branch } : env };
}

/**
 * The flags with what the environment sets where they say nothing: IDEA_EXPLORER_MODEL and
 * IDEA_EXPLORER_MAX_COST, which a workflow takes from the team's repository variables. `names`
 * says where each came from, for the message when one is refused.
 */
export function withEnvDefaults(
  flags: IssuesFlags,
  env: Env,
): Pick<IssuesFlags, "defaults" | "model"> & { names: Record<string, string> } {
  const names = { ...REQUEST_FLAG_NAMES };
  const model = flags.model.model ?? env.IDEA_EXPLORER_MODEL;
  if (flags.model.model === undefined && model !== undefined) names.model = "IDEA_EXPLORER_MODEL";
  const maxCostUsd = flags.defaults.maxCostUsd ?? env.IDEA_EXPLORER_MAX_COST;
  if (flags.defaults.maxCostUsd === undefined && maxCostUsd !== undefined) {
    names.maxCostUsd = "IDEA_EXPLORER_MAX_COST";
  }
  return {
    defaults: {
      ...flags.defaults,
      ...(model === undefined ? {} : { model }),
      ...(maxCostUsd === undefined ? {} : { maxCostUsd }),
    },
    model: { ...flags.model, model },
    names,
  };
}
