import { Hono } from "hono";
import { readJobResearch, submitExplore } from "../../../src/research/explore/explore-service.ts";
import { ApiError, errorResponse } from "../../../src/server/api-error.ts";
import { createApp } from "../../../src/server/create-app.ts";
import { d1JobBackend } from "./d1-job-backend.ts";
import { D1JobStore } from "./d1-job-store.ts";
import { resumeStaleInstances } from "./resume-stale.ts";
import { readWorkerConfig, type WorkerEnv } from "./worker-env.ts";

export { JobWorkflow } from "./job-workflow.ts";

type Service = {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Promise<Response>;
};

/** One app per isolate and bindings object: the rate limiter and the listing cache live in it. */
const services = new WeakMap<WorkerEnv, Service>();

export default {
  fetch(request, env, ctx) {
    let service = services.get(env);
    if (!service) {
      service = buildService(env);
      services.set(env, service);
    }
    return service.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<WorkerEnv>;

/** The same Hono app as `serve`, over D1 jobs, Workflow runs and the GitHub store. */
function buildService(env: WorkerEnv): Service {
  const config = readWorkerConfig(env);
  if ("problem" in config) return notConfigured(config.problem);
  const store = new D1JobStore(env.DB);
  const jobs = d1JobBackend(store, env.JOB_WORKFLOW);
  const app = createApp({
    jobs,
    auth: { tokens: config.tokens },
    submitExplore: submitExplore(jobs, config.store),
    readResearch: readJobResearch(config.store),
    ideas: config.store,
    allowPrivateWebhooks: config.allowPrivateWebhooks,
    ...(config.githubWebhook ? { githubWebhook: config.githubWebhook(jobs) } : {}),
    logger: { error: (message, error) => console.error(message, error) },
  });
  let resumed: Promise<unknown> | undefined;
  return {
    async fetch(request, bindings, ctx) {
      if (config.resumeStale) {
        resumed ??= resumeStaleInstances(store, env.JOB_WORKFLOW).catch((error: unknown) => {
          console.error("resuming stale instances failed", error);
        });
        await resumed;
      }
      return app.fetch(request, bindings, ctx);
    },
  };
}

/** Every API request answers the missing configuration in one line, until it is set. */
function notConfigured(problem: string): Service {
  const app = new Hono();
  app.all("*", (c) => errorResponse(c, new ApiError(503, "not_configured", problem)));
  return { fetch: async (request, bindings, ctx) => app.fetch(request, bindings, ctx) };
}
