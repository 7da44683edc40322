import { retry } from "@octokit/plugin-retry";
import { type ThrottlingOptions, throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import { fetchWithTimeout } from "./request-timeout.ts";

// Typed as plain Octokit: we call only its REST methods, and the plugins' added types cannot be
// named in the published declarations.
const RetryingOctokit: typeof Octokit = Octokit.plugin(retry, throttling);
export type GitHubClient = Octokit;

export interface GitHubRetryOptions {
  /** Retries of 5xx and network failures (default 3), with quadratic backoff. */
  retries?: number;
  /** Retries after a rate-limit answer (default 1); only when the wait is short enough. */
  rateLimitRetries?: number;
  /** Longest wait, in seconds, worth sitting out for a rate limit (default 60). */
  maxRateLimitWaitSeconds?: number;
  /**
   * How long one "second" of backoff or `retry-after` lasts, in ms (default 1000). Tests set 1
   * so every retry path runs for real without sleeping.
   */
  delayUnitMs?: number;
  /**
   * Gap between write requests in ms, and between requests that notify people (new comments,
   * issues). Unset: the throttling plugin's shared defaults (1 s and 3 s, GitHub's advice against
   * secondary rate limits). Tests set 0.
   */
  writeSpacingMs?: number;
  /**
   * Request queues of this client's own. The throttling plugin otherwise queues every client of
   * the process in shared groups; on Cloudflare Workers a request may not wait on I/O another
   * request started (workerd cancels it as hung), so each request's client keeps its own.
   */
  ownQueues?: boolean;
}

export interface GitHubClientOptions extends GitHubRetryOptions {
  token: string;
  /** API root; defaults to https://api.github.com (a loopback fake or GitHub Enterprise). */
  baseUrl?: string;
  /**
   * How long one attempt may take for its whole answer, in ms (default 30,000). A request
   * that times out is retried like a network failure.
   */
  requestTimeoutMs?: number;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 3;
export const DEFAULT_DELAY_UNIT_MS = 1000;

/** Octokit with retries for transient failures and rate-limit handling that gives up early. */
export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const unit = options.delayUnitMs ?? DEFAULT_DELAY_UNIT_MS;
  const rateLimitRetries = options.rateLimitRetries ?? 1;
  const maxWait = options.maxRateLimitWaitSeconds ?? 60;
  // A limit that resets in an hour is reported at once (with the wait) instead of hanging a run.
  const onLimit = (retryAfter: number, _options: unknown, _octokit: unknown, retryCount: number) =>
    retryCount < rateLimitRetries && retryAfter <= maxWait;
  const throttle: ThrottlingOptions = {
    onRateLimit: onLimit,
    onSecondaryRateLimit: onLimit,
    retryAfterBaseValue: unit,
    fallbackSecondaryRateRetryAfter: 60,
    ...(options.ownQueues
      ? {
          global: unqueuedGroup(),
          auth: unqueuedGroup(),
          search: spacedGroup(2_000),
          write: spacedGroup(options.writeSpacingMs ?? 1_000),
          notifications: spacedGroup(options.writeSpacingMs ?? 3_000),
        }
      : options.writeSpacingMs === undefined
        ? {}
        : {
            write: spacedGroup(options.writeSpacingMs),
            notifications: spacedGroup(options.writeSpacingMs),
          }),
  };
  return new RetryingOctokit({
    auth: options.token,
    baseUrl: options.baseUrl?.replace(/\/+$/, ""),
    userAgent: "idea-explorer",
    retry: {
      retries: options.retries ?? DEFAULT_RETRIES,
      retryAfterBaseValue: unit,
      // Rate limits (403/429) belong to the throttling plugin, which honours retry-after.
      doNotRetry: [400, 401, 403, 404, 409, 410, 422, 429, 451],
    },
    throttle,
    request: { fetch: fetchWithTimeout(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS) },
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
}

type WriteGroup = NonNullable<ThrottlingOptions["write"]>;
type Job = (...args: unknown[]) => unknown;

/** Runs each request at once: concurrency within one request needs no queue of its own. */
function unqueuedGroup(): WriteGroup {
  const limiter = {
    schedule(first: unknown, ...rest: unknown[]): Promise<unknown> {
      const [fn, ...args] = (typeof first === "function" ? [first, ...rest] : rest) as [
        Job,
        ...unknown[],
      ];
      return Promise.resolve().then(() => fn(...args));
    },
  };
  return { key: () => limiter } as unknown as WriteGroup;
}

/**
 * The throttling plugin only calls `group.key(id).schedule(options, fn, ...args)` on its write
 * group. This stands in for a Bottleneck group (not a dependency of ours) with one store's own
 * spacing, serializing writes `gapMs` apart.
 */
function spacedGroup(gapMs: number): WriteGroup {
  let tail: Promise<unknown> = Promise.resolve();
  let lastStart = Number.NEGATIVE_INFINITY;
  const limiter = {
    schedule(first: unknown, ...rest: unknown[]): Promise<unknown> {
      const [fn, ...args] = (typeof first === "function" ? [first, ...rest] : rest) as [
        Job,
        ...unknown[],
      ];
      const run = tail.then(async () => {
        const wait = lastStart + gapMs - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        lastStart = Date.now();
        return fn(...args);
      });
      tail = run.catch(() => {});
      return run;
    },
  };
  return { key: () => limiter } as unknown as WriteGroup;
}
