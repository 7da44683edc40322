import type { ExploreRequest } from "../config/explore-request.ts";
import type { EnqueueOutcome } from "../jobs/admit-job.ts";
import type { JobBackend } from "../jobs/job-backend.ts";
import type { IdempotencyKey, JobRecord, WebhookTarget } from "../jobs/job-record.ts";
import type { Json } from "../jobs/workflow.ts";
import type { StaleExploration, StaleQuery } from "../research/refresh/stale-explorations.ts";
import type { ResearchSnapshot } from "../store/research-store.ts";
import type { GitHubWebhookOptions } from "./github-webhook/github-webhook-route.ts";
import type { RateLimit, RateLimiter } from "./rate-limiter.ts";
import type { EstimateExplore } from "./routes/estimate-route.ts";

/** The explorations due for a refresh (staleExplorations over the server's ideas repository). */
export type FindStale = (query: StaleQuery) => Promise<StaleExploration[]>;

/** A validated POST /api/explore, handed to the explore use case. */
export interface ExploreSubmission {
  request: ExploreRequest;
  /** Kept out of the job payload: only the notifier reads it. */
  webhook: WebhookTarget | undefined;
  /** Fingerprint of the API token that asked (undefined without auth). */
  tokenId: string | undefined;
  /** From the Idempotency-Key header: a retry with the same key answers with the same job. */
  idempotency?: IdempotencyKey;
}

/**
 * What enqueueing answered (see EnqueueOutcome: `queued` is answered 202 with the new job, an
 * in-flight job or an idempotent replay 200 with that job, a reused key 422), or `existing`: the
 * idea was already explored and `body` is answered as is with 200, e.g. `{ status: "exists", path }`.
 */
export type SubmitOutcome = EnqueueOutcome | { kind: "existing"; body: { [key: string]: Json } };

/**
 * Decides what to do with a submission. It may throw ConfigError (answered 400 with its message,
 * e.g. a continue_from path that does not exist) or StoreError (answered 502).
 */
export type SubmitExplore = (submission: ExploreSubmission) => Promise<SubmitOutcome>;

/** The research markdown of a completed job, or undefined when there is none. */
export type ReadJobResearch = (job: JobRecord) => Promise<string | undefined>;

export interface ServiceLogger {
  error(message: string, error?: unknown): void;
}

export interface AppOptions {
  jobs: JobBackend;
  auth: { tokens: string[] };
  submitExplore: SubmitExplore;
  readResearch: ReadJobResearch;
  /**
   * The ideas repository GET /api/explorations lists (its committed state: the store itself);
   * without it those routes answer 503 not_configured.
   */
  ideas?: ResearchSnapshot;
  /**
   * POST /api/refresh's choice of explorations (staleExplorations over the same repository);
   * without it that route answers 503 not_configured.
   */
  findStale?: FindStale;
  /**
   * POST /api/explore/estimate's pricing of a request (the model it names, its limits); without
   * it that route answers 503 not_configured.
   */
  estimateExplore?: EstimateExplore;
  /** Per token (or per client address without auth) on POST /api/explore; false to turn off. */
  rateLimit?: RateLimit | false;
  /**
   * A limiter kept beyond this app, for an engine that builds the app per request (the Worker
   * must not share I/O objects between requests, so only this plain state outlives one).
   */
  rateLimiter?: RateLimiter;
  /** Mirrors --allow-private-webhooks: without it, a private IP literal is refused at submit. */
  allowPrivateWebhooks?: boolean;
  /** Largest accepted request body (default 64 KiB). */
  bodyLimitBytes?: number;
  now?: () => number;
  logger?: ServiceLogger;
  /** How often an idle event stream sends a keep-alive comment (default 15 s). */
  sseKeepAliveMs?: number;
  /**
   * POST /api/github/webhook: GitHub deliveries signed with GITHUB_WEBHOOK_SECRET become jobs.
   * Without it every delivery is refused 503, saying what to set.
   */
  githubWebhook?: GitHubWebhookOptions;
}
