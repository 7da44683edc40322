import type { IncomingMessage } from "node:http";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { STORAGE_BACKOFF } from "../jobs/backoff.ts";
import { createFailureLog } from "../jobs/failure-log.ts";
import { storageFailure } from "../jobs/storage-failure.ts";
import { ApiError, errorResponse } from "./api-error.ts";
import { type AuthVariables, bearerAuth } from "./bearer-auth.ts";
import {
  GITHUB_WEBHOOK_PATH,
  githubWebhookHandler,
  WEBHOOK_BODY_LIMIT_BYTES,
} from "./github-webhook/github-webhook-route.ts";
import { loopbackOnly } from "./loopback-only.ts";
import { OPENAPI_PATH } from "./openapi/api-operations.ts";
import { openApiDocument } from "./openapi/openapi-document.ts";
import { DEFAULT_RATE_LIMIT, RateLimiter } from "./rate-limiter.ts";
import { ESTIMATE_PATH, estimateHandler } from "./routes/estimate-route.ts";
import { getExplorationHandler, listExplorationsHandler } from "./routes/explorations-routes.ts";
import { exploreHandler } from "./routes/explore-route.ts";
import { jobEventsHandler } from "./routes/job-events-route.ts";
import {
  cancelJobHandler,
  getJobHandler,
  listJobsHandler,
  researchHandler,
  retryJobHandler,
} from "./routes/jobs-routes.ts";
import { REFRESH_ONE_PATH, REFRESH_STALE_PATH } from "./routes/refresh-paths.ts";
import { refreshOneHandler, refreshStaleHandler } from "./routes/refresh-routes.ts";
import type { AppOptions } from "./service-types.ts";
import { storageUnavailable } from "./storage-unavailable.ts";
import { PAGE_CSP, PAGE_HTML } from "./web-page.ts";

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

type Env = { Variables: AuthVariables };

/** The HTTP API and the web page; every effect (jobs, submit, research reader, clock) is injected. */
export function createApp(options: AppOptions): Hono<Env> {
  const app = new Hono<Env>();
  const logger = options.logger ?? { error: (message, error) => console.error(message, error) };
  const authRequired = options.auth.tokens.length > 0;
  const maxBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const reportStorage = createFailureLog(logger, STORAGE_BACKOFF);

  app.use("*", async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "no-referrer");
    c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
  });
  // Before the loopback and token checks: GitHub can send neither a loopback Host nor a token,
  // and reaches a local server only through a tunnel (a proxy); the delivery's signature is its
  // authentication, checked before anything else is done.
  app.post(
    GITHUB_WEBHOOK_PATH,
    bodyLimit({
      maxSize: WEBHOOK_BODY_LIMIT_BYTES,
      onError: () => {
        throw new ApiError(413, "payload_too_large", "the delivery is larger than 1 MiB");
      },
    }),
    githubWebhookHandler(options.githubWebhook),
  );
  app.all(GITHUB_WEBHOOK_PATH, () => {
    throw new ApiError(405, "method_not_allowed", "use POST for this path", {
      headers: { Allow: "POST" },
    });
  });
  // Without tokens the API is open to anything that can reach loopback, so a browser on another
  // site using a rebound DNS name, or a proxy forwarding from elsewhere, must not get through.
  if (!authRequired) app.use("*", loopbackOnly);

  app.get("/", (c) => {
    c.header("Content-Security-Policy", PAGE_CSP);
    c.header("X-Frame-Options", "DENY");
    return c.html(PAGE_HTML);
  });
  app.get("/favicon.ico", (c) => c.body(null, 204));
  app.get("/api/health", (c) => c.json({ status: "ok", auth: authRequired ? "bearer" : "none" }));
  // Public like health: it describes the API (auth included) and holds nothing of anyone's.
  app.get(OPENAPI_PATH, (c) => c.json(openApiDocument()));

  app.use("/api/*", bearerAuth(options.auth.tokens));
  const explore = exploreHandler(
    options.jobs,
    options.submitExplore,
    options.allowPrivateWebhooks ?? false,
  );
  app.post(
    "/api/explore",
    rateLimited(options),
    bodyLimit({
      maxSize: maxBytes,
      onError: () => {
        throw new ApiError(
          413,
          "payload_too_large",
          `the request body must be at most ${maxBytes} bytes`,
        );
      },
    }),
    explore,
  );
  const refresh = {
    jobs: options.jobs,
    submit: options.submitExplore,
    allowPrivateWebhooks: options.allowPrivateWebhooks ?? false,
    now: () => new Date(options.now?.() ?? Date.now()),
  };
  // Before GET /api/explorations/{folder}, whose {.+} would take "<folder>/refresh" as a folder.
  app.post(
    REFRESH_ONE_PATH,
    rateLimited(options),
    bodyLimit({ maxSize: maxBytes, onError: tooLarge(maxBytes) }),
    refreshOneHandler(options.ideas, refresh),
  );
  app.all(REFRESH_ONE_PATH, () => {
    throw new ApiError(405, "method_not_allowed", "use POST for this path", {
      headers: { Allow: "POST" },
    });
  });
  app.post(
    REFRESH_STALE_PATH,
    rateLimited(options),
    bodyLimit({ maxSize: maxBytes, onError: tooLarge(maxBytes) }),
    refreshStaleHandler(options.findStale, refresh),
  );
  // Costs nothing to answer, so no rate limit: the body limit still applies.
  app.post(
    ESTIMATE_PATH,
    bodyLimit({
      maxSize: maxBytes,
      onError: () => {
        throw new ApiError(
          413,
          "payload_too_large",
          `the request body must be at most ${maxBytes} bytes`,
        );
      },
    }),
    estimateHandler(options.estimateExplore),
  );
  app.get("/api/jobs", listJobsHandler(options.jobs));
  app.get("/api/jobs/:id", getJobHandler(options.jobs));
  app.get("/api/jobs/:id/events", jobEventsHandler(options.jobs, options.sseKeepAliveMs ?? 15_000));
  app.get("/api/jobs/:id/research", researchHandler(options.jobs, options.readResearch));
  app.get("/api/explorations", listExplorationsHandler(options.ideas, options.now));
  // {.+} takes slashes too, so "a/b" is refused by the folder check (400), not left to a 404.
  app.get("/api/explorations/:folder{.+}", getExplorationHandler(options.ideas, options.now));
  app.post("/api/jobs/:id/cancel", cancelJobHandler(options.jobs));
  app.post("/api/jobs/:id/retry", rateLimited(options), retryJobHandler(options.jobs));
  for (const [path, allow] of [
    ["/api/explore", "POST"],
    [ESTIMATE_PATH, "POST"],
    [REFRESH_STALE_PATH, "POST"],
    ["/api/jobs", "GET"],
    ["/api/jobs/:id", "GET"],
    ["/api/jobs/:id/events", "GET"],
    ["/api/jobs/:id/research", "GET"],
    ["/api/jobs/:id/cancel", "POST"],
    ["/api/jobs/:id/retry", "POST"],
    ["/api/explorations", "GET"],
    ["/api/explorations/:folder{.+}", "GET"],
    ["/api/health", "GET"],
    [OPENAPI_PATH, "GET"],
  ] as const) {
    app.all(path, () => {
      throw new ApiError(405, "method_not_allowed", `use ${allow} for this path`, {
        headers: { Allow: allow },
      });
    });
  }

  app.notFound((c) =>
    errorResponse(c, new ApiError(404, "not_found", `no route for ${c.req.method} ${c.req.path}`)),
  );
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(
        c,
        new ApiError(error.status as 400, "bad_request", error.message || "bad request"),
      );
    }
    const storage = storageFailure(error);
    const answer = storage
      ? storageUnavailable(`the job database cannot be used (${storage}); try again later`)
      : error;
    if (answer instanceof ApiError) {
      // A full disk fails every request alike: one line per route now and then, no stack.
      if (answer.status === 503)
        reportStorage(`${c.req.method} ${c.req.routePath}: ${answer.message}`);
      return errorResponse(c, answer);
    }
    logger.error(`${c.req.method} ${c.req.path} failed`, error);
    return errorResponse(
      c,
      new ApiError(500, "internal_error", "the server failed on an unexpected error"),
    );
  });
  return app;
}

function tooLarge(maxBytes: number) {
  return (): never => {
    throw new ApiError(
      413,
      "payload_too_large",
      `the request body must be at most ${maxBytes} bytes`,
    );
  };
}

function rateLimited(options: AppOptions): MiddlewareHandler<Env> {
  if (options.rateLimit === false) return (_c, next) => next();
  const limiter =
    options.rateLimiter ?? new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, options.now);
  return async (c, next) => {
    const decision = limiter.take(c.get("tokenId") ?? `ip:${clientAddress(c)}`);
    if (!decision.allowed) {
      throw new ApiError(
        429,
        "rate_limited",
        `too many requests: retry in ${decision.retryAfterSeconds} s`,
        {
          headers: { "Retry-After": String(decision.retryAfterSeconds) },
        },
      );
    }
    return next();
  };
}

/** The socket's peer address; X-Forwarded-For is not trusted (it is the client's to forge). */
function clientAddress(c: Context): string {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? "local";
}
