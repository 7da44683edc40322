import type { Env } from "../config/env.ts";
import type { JobBackend } from "../jobs/job-backend.ts";
import type { WorkflowDefinition } from "../jobs/job-runner.ts";
import type { ExploreServiceDeps } from "../research/explore/explore-service.ts";
import { intakeLabels } from "../research/issues/intake-labels.ts";
import { trustPolicy } from "../research/issues/intake-trust.ts";
import {
  acceptIssueDelivery,
  ISSUE_JOB_KIND,
  issueJobWorkflow,
} from "../research/issues/issue-webhook.ts";
import { staleAfterMs } from "../research/issues/stale-claim.ts";
import type { GitHubRetryOptions } from "../store/github/octokit-client.ts";
import { githubIntakeFromEnv } from "../store/github-intake-from-env.ts";
import type { GitHubWebhookOptions } from "./github-webhook/github-webhook-route.ts";

export interface IssueIntakeSetup {
  workflows: Record<string, WorkflowDefinition>;
  githubWebhook: ((jobs: JobBackend) => GitHubWebhookOptions) | undefined;
  /** Said once at start-up when the webhook is half set up. */
  warning?: string;
}

/**
 * The service's part of the issue intake (serve and the Cloudflare Worker alike): with the ideas repository on GitHub, jobs of issues run
 * the issue workflow on the same store and model; with GITHUB_WEBHOOK_SECRET too, signed
 * deliveries to POST /api/github/webhook become such jobs.
 */
export function issueIntakeSetup(
  github: string | undefined,
  env: Env,
  explore: ExploreServiceDeps,
  /** How its GitHub client queues requests (the Worker's keep their own; see ownQueues). */
  client?: GitHubRetryOptions,
): IssueIntakeSetup {
  const secret = env.GITHUB_WEBHOOK_SECRET;
  if (!github) {
    const problem =
      "GitHub webhooks need the ideas repository on GitHub: set GITHUB_REPO=owner/repo (not --repo)";
    return {
      workflows: {},
      githubWebhook: secret ? () => ({ secret, accept: undefined, problem }) : undefined,
      ...(secret ? { warning: `${problem}; deliveries are refused until then.` } : {}),
    };
  }
  const labels = intakeLabels(env.IDEA_EXPLORER_ISSUE_LABEL, "IDEA_EXPLORER_ISSUE_LABEL");
  const trust = trustPolicy(env.IDEA_EXPLORER_TRUST, "IDEA_EXPLORER_TRUST");
  const stale = staleAfterMs(env.IDEA_EXPLORER_STALE_AFTER, "IDEA_EXPLORER_STALE_AFTER");
  const { issues, stash } = githubIntakeFromEnv(github, env, "--github", client);
  return {
    workflows: {
      [ISSUE_JOB_KIND]: issueJobWorkflow({
        ...explore,
        issues,
        stash,
        labels,
        trust,
        staleAfterMs: stale,
        runner: "idea-explorer serve",
      }),
    },
    githubWebhook: secret
      ? (jobs) => ({ secret, accept: acceptIssueDelivery(jobs, { repository: github, labels }) })
      : undefined,
  };
}
