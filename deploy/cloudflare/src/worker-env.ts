import { resolveCliModel } from "../../../src/cli/resolve-cli-model.ts";
import { ConfigError } from "../../../src/config/config-error.ts";
import { type Env, parseEnv } from "../../../src/config/env.ts";
import type { ExploreServiceDeps } from "../../../src/research/explore/explore-service.ts";
import { parseApiTokens } from "../../../src/server/bearer-auth.ts";
import type { GitHubStore } from "../../../src/store/github-store.ts";
import { githubStoreFromEnv } from "../../../src/store/github-store-from-env.ts";

export interface ExploreInstanceParams {
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
  EXPLORE_WORKFLOW: Workflow<ExploreInstanceParams>;
  ANTHROPIC_API_KEY?: string;
  ANTHROPIC_BASE_URL?: string;
  GITHUB_TOKEN?: string;
  GITHUB_REPO?: string;
  GITHUB_BRANCH?: string;
  GITHUB_API_URL?: string;
  GITHUB_TIMEOUT_MS?: string;
  IDEA_EXPLORER_API_TOKEN?: string;
  IDEA_EXPLORER_PRICE_IN?: string;
  IDEA_EXPLORER_PRICE_OUT?: string;
  /** "true" lets webhooks reach loopback and private addresses (local runs), like --allow-private-webhooks. */
  IDEA_EXPLORER_ALLOW_PRIVATE_WEBHOOKS?: string;
  /** "true" (set by `npm run cloudflare:dev`): resume instances a killed dev process left running. */
  IDEA_EXPLORER_RESUME_STALE?: string;
}

export interface WorkerConfig {
  env: Env;
  tokens: string[];
  store: GitHubStore;
  deps: ExploreServiceDeps;
  allowPrivateWebhooks: boolean;
  resumeStale: boolean;
}

/** The secrets a Worker cannot run without: it has no filesystem, so research goes to GitHub. */
const REQUIRED = ["GITHUB_REPO", "GITHUB_TOKEN", "ANTHROPIC_API_KEY"] as const;

/**
 * Reads the configuration, or says in one line what to set: a Worker has no start-up to fail, so
 * a missing or malformed secret is answered on every API request (503) instead of a crash.
 */
export function readWorkerConfig(bindings: WorkerEnv): WorkerConfig | { problem: string } {
  const source = bindings as unknown as Record<string, unknown>;
  const text = Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
  const missing = REQUIRED.filter((name) => !text[name]?.trim());
  if (missing.length > 0) {
    const names = missing.join(", ");
    return {
      problem: `the service is not configured: ${names} ${missing.length === 1 ? "is" : "are"} not set (set each with: npx wrangler secret put NAME)`,
    };
  }
  try {
    const env = parseEnv(text);
    const store = githubStoreFromEnv(env.GITHUB_REPO ?? "", env, "GITHUB_REPO");
    return {
      env,
      tokens: parseApiTokens(env.IDEA_EXPLORER_API_TOKEN),
      store,
      deps: {
        store,
        resolveModel: (request, hooks) =>
          resolveCliModel({ ...(request.model ? { model: request.model } : {}) }, env, {
            ...(hooks?.onRequestRetry ? { onRequestRetry: hooks.onRequestRetry } : {}),
          }),
      },
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
