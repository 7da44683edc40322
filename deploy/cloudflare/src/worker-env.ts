import { resolveCliModel } from "../../../src/cli/resolve-cli-model.ts";
import { ConfigError } from "../../../src/config/config-error.ts";
import { redactorFor } from "../../../src/config/configured-secrets.ts";
import { type Env, parseEnv } from "../../../src/config/env.ts";
import type { Redact } from "../../../src/config/redactor.ts";
import type { JobBackend } from "../../../src/jobs/job-backend.ts";
import type { WorkflowDefinition } from "../../../src/jobs/job-runner.ts";
import { fetchTransport } from "../../../src/net/fetch-transport.ts";
import { estimateExploreCost } from "../../../src/research/explore/cost-estimate.ts";
import {
  EXPLORE_JOB_KIND,
  type ExploreServiceDeps,
  exploreJobWorkflow,
} from "../../../src/research/explore/explore-service.ts";
import {
  type WebFetchTooling,
  webFetchToolingFromEnv,
} from "../../../src/research/explore/web-fetch-tooling.ts";
import { parseApiTokens } from "../../../src/server/bearer-auth.ts";
import type { GitHubWebhookOptions } from "../../../src/server/github-webhook/github-webhook-route.ts";
import { issueIntakeSetup } from "../../../src/server/issue-intake-setup.ts";
import type { EstimateExplore } from "../../../src/server/routes/estimate-route.ts";
import type { GitHubStore } from "../../../src/store/github-store.ts";
import { githubStoreFromEnv } from "../../../src/store/github-store-from-env.ts";

export interface JobInstanceParams {
  jobId: string;
  /** Only send the job's webhook (a job cancelled while its own instance was terminated). */
  notifyOnly?: boolean;
}

/**
 * The Worker's bindings (wrangler.jsonc) and its secrets and variables: the same names `serve`
 * reads from its environment (`wrangler secret put NAME`, or the dev script's --var).
 */
export interface WorkerEnv {
  DB: D1Database;
  JOB_WORKFLOW: Workflow<JobInstanceParams>;
  ANTHROPIC_API_KEY?: string;
  ANTHROPIC_BASE_URL?: string;
  GITHUB_TOKEN?: string;
  GITHUB_REPO?: string;
  GITHUB_BRANCH?: string;
  GITHUB_API_URL?: string;
  GITHUB_TIMEOUT_MS?: string;
  IDEA_EXPLORER_API_TOKEN?: string;
  /** Verifies GitHub's webhook deliveries (X-Hub-Signature-256), as for serve. */
  GITHUB_WEBHOOK_SECRET?: string;
  /** The intake label of ideas filed as issues (default "idea"). */
  IDEA_EXPLORER_ISSUE_LABEL?: string;
  /** Who may start an issue's paid run: "collaborators" (default) or "everyone". */
  IDEA_EXPLORER_TRUST?: string;
  /** How old an unanswered claim is before another run takes it over (default "60m"). */
  IDEA_EXPLORER_STALE_AFTER?: string;
  IDEA_EXPLORER_PRICE_IN?: string;
  IDEA_EXPLORER_PRICE_OUT?: string;
  /** "true" lets webhooks reach loopback and private addresses (local runs), like --allow-private-webhooks. */
  IDEA_EXPLORER_ALLOW_PRIVATE_WEBHOOKS?: string;
  /**
   * The Cron Trigger's refresh (wrangler.jsonc `triggers.crons`): explorations last researched at
   * least this long ago ("90d", the default), at most IDEA_EXPLORER_REFRESH_LIMIT of them per
   * firing (default 5), each capped at IDEA_EXPLORER_REFRESH_MAX_COST US dollars (default 2).
   */
  IDEA_EXPLORER_REFRESH_OLDER_THAN?: string;
  IDEA_EXPLORER_REFRESH_LIMIT?: string;
  IDEA_EXPLORER_REFRESH_MAX_COST?: string;
  /** "true" (set by `npm run cloudflare:dev`): resume instances a killed dev process left running. */
  IDEA_EXPLORER_RESUME_STALE?: string;
}

export interface WorkerConfig {
  env: Env;
  tokens: string[];
  store: GitHubStore;
  /** The workflow of each job kind: explorations, and ideas filed as GitHub issues. */
  workflows: Record<string, WorkflowDefinition>;
  /** With GITHUB_WEBHOOK_SECRET: signed deliveries to POST /api/github/webhook become jobs. */
  githubWebhook: ((jobs: JobBackend) => GitHubWebhookOptions) | undefined;
  allowPrivateWebhooks: boolean;
  resumeStale: boolean;
  /** POST /api/explore/estimate: a request's model and limits, priced before anything is paid. */
  estimateExplore: EstimateExplore;
}

/** The secrets a Worker cannot run without: it has no filesystem, so research goes to GitHub. */
const REQUIRED = ["GITHUB_REPO", "GITHUB_TOKEN", "ANTHROPIC_API_KEY"] as const;

/**
 * Reads the configuration, or says in one line what to set: a Worker has no start-up to fail, so
 * a missing or malformed secret is answered on every API request (503) instead of a crash.
 */
export function readWorkerConfig(bindings: WorkerEnv): WorkerConfig | { problem: string } {
  const text = textBindings(bindings);
  const missing = REQUIRED.filter((name) => !text[name]?.trim());
  if (missing.length > 0) {
    const names = missing.join(", ");
    return {
      problem: `the service is not configured: ${names} ${missing.length === 1 ? "is" : "are"} not set (set each with: npx wrangler secret put NAME)`,
    };
  }
  try {
    const env = parseEnv(text);
    // Each request (and each Workflow run) gets its own GitHub clients and their own queues.
    const client = { ownQueues: true };
    const store = githubStoreFromEnv(env.GITHUB_REPO ?? "", env, "GITHUB_REPO", client);
    const deps: ExploreServiceDeps = {
      store,
      tooling: { webFetch: workerWebFetchTooling(env) },
      resolveModel: (request, hooks) =>
        resolveCliModel({ ...(request.model ? { model: request.model } : {}) }, env, {
          ...(hooks?.onRequestRetry ? { onRequestRetry: hooks.onRequestRetry } : {}),
        }),
    };
    const intake = issueIntakeSetup(env.GITHUB_REPO, env, deps, client);
    return {
      env,
      tokens: parseApiTokens(env.IDEA_EXPLORER_API_TOKEN),
      store,
      workflows: { [EXPLORE_JOB_KIND]: exploreJobWorkflow(deps), ...intake.workflows },
      githubWebhook: intake.githubWebhook,
      estimateExplore: (request) => estimateExploreCost(request, deps.resolveModel(request)),
      allowPrivateWebhooks: text.IDEA_EXPLORER_ALLOW_PRIVATE_WEBHOOKS === "true",
      resumeStale: text.IDEA_EXPLORER_RESUME_STALE === "true",
    };
  } catch (error) {
    if (error instanceof ConfigError) {
      return { problem: `the service is not configured: ${error.message.split("\n", 1)[0]}` };
    }
    throw error;
  }
}

/**
 * web_fetch on the Worker: the operator's settings as for serve, sent through the runtime's
 * fetch. workerd's node:http has no `lookup` option, so src/net's pinned requests cannot run
 * here; fetchTransport checks each hop by its URL and relies on Cloudflare's egress for the rest
 * (see src/net/fetch-transport.ts and docs/web-fetch.md, "Worker").
 */
export function workerWebFetchTooling(env: Env): WebFetchTooling {
  return { ...webFetchToolingFromEnv(env), transport: fetchTransport };
}

/** The Worker's variables and secrets (its other bindings are objects: D1, the Workflow). */
function textBindings(bindings: WorkerEnv): Record<string, string> {
  const source = bindings as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

/** Masks the Worker's own secrets (and any key-shaped text) in what a job publishes. */
export function workerRedactor(bindings: WorkerEnv): Redact {
  return redactorFor(textBindings(bindings));
}
