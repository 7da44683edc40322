import { Hono } from "hono";
import { readJobResearch, submitExplore } from "../../../src/research/explore/explore-service.ts";
import { ApiError, errorResponse } from "../../../src/server/api-error.ts";
import { createApp } from "../../../src/server/create-app.ts";
import { DEFAULT_RATE_LIMIT, RateLimiter } from "../../../src/server/rate-limiter.ts";
import { d1JobBackend } from "./d1-job-backend.ts";
import { D1JobStore } from "./d1-job-store.ts";
import { readRefreshSettings } from "./refresh-settings.ts";
import { resumeStaleInstances } from "./resume-stale.ts";
import { refreshStaleExplorations } from "./scheduled-refresh.ts";
import { readWorkerConfig, type WorkerEnv } from "./worker-env.ts";

export { JobWorkflow } from "./job-workflow.ts";

/**
 * What outlives one request in an isolate: plain state only. workerd does not let a request use
 * I/O objects (an Octokit client and its queue, a pending promise) made by another, so the app and
 * its GitHub clients are built for each request; the rate limiter's counts and the D1 store's
 * "schema applied" flag are kept.
 */
interface IsolateState {
  jobs: D1JobStore;
  limiter: RateLimiter;
  resumeStarted: boolean;
}
const isolates = new WeakMap<D1Database, IsolateState>();

export default {
  async fetch(request, env, ctx) {
    const config = readWorkerConfig(env);
    if ("problem" in config) return notConfigured(config.problem, request, env, ctx);
    const state = isolateState(env);
    if (config.resumeStale && !state.resumeStarted) {
      state.resumeStarted = true;
      await resumeStaleInstances(state.jobs, env.JOB_WORKFLOW).catch((error: unknown) => {
        console.error("resuming stale instances failed", error);
      });
    }
    const jobs = d1JobBackend(state.jobs, env.JOB_WORKFLOW);
    // The same Hono app as `serve`, over D1 jobs, Workflow runs and the GitHub store.
    const app = createApp({
      jobs,
      auth: { tokens: config.tokens },
      submitExplore: submitExplore(jobs, config.store),
      estimateExplore: config.estimateExplore,
      readResearch: readJobResearch(config.store),
      ideas: config.store,
      rateLimiter: state.limiter,
      allowPrivateWebhooks: config.allowPrivateWebhooks,
      ...(config.githubWebhook ? { githubWebhook: config.githubWebhook(jobs) } : {}),
      logger: { error: (message, error) => console.error(message, error) },
    });
    return app.fetch(request, env, ctx);
  },

  /**
   * The Cron Trigger (wrangler.jsonc `triggers.crons`): the stale explorations become refresh
   * jobs, as POST /api/explore would make them. A problem throws, so the firing shows as failed
   * in the Worker's cron events and logs, with its one line.
   */
  async scheduled(controller, env, _ctx) {
    const config = readWorkerConfig(env);
    if ("problem" in config) throw new Error(`scheduled refresh: ${config.problem}`);
    const settings = readRefreshSettings(env);
    if ("problem" in settings) throw new Error(`scheduled refresh: ${settings.problem}`);
    const jobs = d1JobBackend(isolateState(env).jobs, env.JOB_WORKFLOW);
    const now = new Date(controller.scheduledTime);
    const refreshes = await refreshStaleExplorations(jobs, config.store, settings, now);
    for (const r of refreshes) {
      console.log(`scheduled refresh: ${r.folder} (${r.ageDays} days old) ${r.outcome} ${r.jobId}`);
    }
    console.log(`scheduled refresh: ${refreshes.length} exploration(s) submitted`);
  },
} satisfies ExportedHandler<WorkerEnv>;

function isolateState(env: WorkerEnv): IsolateState {
  let state = isolates.get(env.DB);
  if (!state) {
    state = {
      jobs: new D1JobStore(env.DB),
      limiter: new RateLimiter(DEFAULT_RATE_LIMIT),
      resumeStarted: false,
    };
    isolates.set(env.DB, state);
  }
  return state;
}

/** Every API request answers the missing configuration in one line, until it is set. */
function notConfigured(
  problem: string,
  request: Request,
  env: WorkerEnv,
  ctx: ExecutionContext,
): Promise<Response> {
  const app = new Hono();
  app.all("*", (c) => errorResponse(c, new ApiError(503, "not_configured", problem)));
  return Promise.resolve(app.fetch(request, env, ctx));
}
