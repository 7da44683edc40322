import type { DatabaseSync } from "node:sqlite";
import type { Redact } from "../config/redactor.ts";
import { openJobDatabase } from "../jobs/job-database.ts";
import { createJobRunner, type JobRunner, type WorkflowDefinition } from "../jobs/job-runner.ts";
import { openScheduleState } from "../jobs/schedule-state.ts";
import { createWebhookNotifier } from "../jobs/webhook/webhook-notifier.ts";
import type { ResearchSnapshot } from "../store/research-store.ts";
import { createApp } from "./create-app.ts";
import { dataDirError } from "./data-dir-error.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import type { GitHubWebhookOptions } from "./github-webhook/github-webhook-route.ts";
import type { RateLimit } from "./rate-limiter.ts";
import {
  type RefreshSchedule,
  type RefreshScheduleSettings,
  startRefreshSchedule,
} from "./refresh-schedule.ts";
import type { EstimateExplore } from "./routes/estimate-route.ts";
import type { FindStale, ReadJobResearch, ServiceLogger, SubmitExplore } from "./service-types.ts";
import { type RunningServer, startServer } from "./start-server.ts";

export interface ServiceOptions {
  /** Where jobs.sqlite lives (default .idea-explorer). */
  dataDir: string;
  port?: number;
  host?: string;
  /** Jobs run at once (default 2). */
  concurrency?: number;
  /** From IDEA_EXPLORER_API_TOKEN (see parseApiTokens); empty means loopback only, no auth. */
  tokens: string[];
  allowPrivateWebhooks?: boolean;
  rateLimit?: RateLimit | false;
  workflows: Record<string, WorkflowDefinition>;
  /** Builds the submit function once the runner exists (e.g. submitExplore(jobs, store)). */
  submitExplore: (jobs: JobRunner) => SubmitExplore;
  readResearch: ReadJobResearch;
  /** Builds POST /api/github/webhook's set-up once the runner exists (see acceptIssueDelivery). */
  githubWebhook?: (jobs: JobRunner) => GitHubWebhookOptions;
  /** The ideas repository, for GET /api/explorations (the same store the jobs commit to). */
  ideas?: ResearchSnapshot;
  /** POST /api/refresh's (and the schedule's) choice of stale explorations in `ideas`. */
  findStale?: FindStale;
  /** serve --refresh-every: refresh the stale explorations every period (needs findStale). */
  refreshSchedule?: RefreshScheduleSettings;
  /** Where the schedule says what it queued (the server log). */
  log?: (line: string) => void;
  /** POST /api/explore/estimate's pricing of a request. */
  estimateExplore?: EstimateExplore;
  logger?: ServiceLogger;
  /** Masks the configured secrets in what jobs record: errors, progress, results, webhooks. */
  redact?: Redact;
}

export interface RunningService extends RunningServer {
  jobs: JobRunner;
}

/**
 * `idea-explorer serve`: opens the job database, resumes interrupted jobs, serves the API and page.
 * Everything that touches the database at start-up happens before listening, and a failure there
 * closes the database and releases the data directory before it is thrown (one line, as a
 * ConfigError): a server that cannot use its database never answers requests.
 * close() stops listening, interrupts running jobs (they resume on the next start) and closes the
 * database.
 */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { db, unlock } = await openDataDir(options.dataDir);
  const release = async () => {
    db.close();
    await unlock();
  };
  let jobs: JobRunner;
  let schedule: RefreshSchedule | undefined;
  try {
    jobs = createJobRunner({
      db,
      workflows: options.workflows,
      concurrency: options.concurrency,
      logger: options.logger,
      notifier: createWebhookNotifier({ allowPrivate: options.allowPrivateWebhooks ?? false }),
      ...(options.redact ? { redact: options.redact } : {}),
    });
    jobs.start();
  } catch (error) {
    await release();
    throw dataDirError(error);
  }
  const submit = options.submitExplore(jobs);
  if (options.refreshSchedule && options.findStale) {
    try {
      schedule = startRefreshSchedule({
        settings: options.refreshSchedule,
        state: openScheduleState(db),
        findStale: options.findStale,
        submit,
        log: options.log ?? (() => {}),
      });
    } catch (error) {
      await jobs.stop();
      await release();
      throw dataDirError(error);
    }
  }
  const app = createApp({
    jobs,
    auth: { tokens: options.tokens },
    submitExplore: submit,
    readResearch: options.readResearch,
    ...(options.githubWebhook ? { githubWebhook: options.githubWebhook(jobs) } : {}),
    ideas: options.ideas,
    ...(options.findStale ? { findStale: options.findStale } : {}),
    ...(options.estimateExplore ? { estimateExplore: options.estimateExplore } : {}),
    rateLimit: options.rateLimit,
    allowPrivateWebhooks: options.allowPrivateWebhooks,
    logger: options.logger,
  });
  let server: RunningServer;
  try {
    server = await startServer({
      app,
      port: options.port,
      host: options.host,
      authRequired: options.tokens.length > 0,
    });
  } catch (error) {
    await schedule?.stop();
    await jobs.stop();
    await release();
    throw error;
  }
  return {
    ...server,
    jobs,
    async close() {
      await server.close();
      await schedule?.stop();
      await jobs.stop();
      await release();
    },
  };
}

/** Locks the data directory (one server per job database) and opens the database. */
async function openDataDir(
  dataDir: string,
): Promise<{ db: DatabaseSync; unlock: () => Promise<void> }> {
  let unlock: (() => Promise<void>) | undefined;
  try {
    unlock = await lockDataDir(dataDir);
    return { db: openJobDatabase({ dataDir }), unlock };
  } catch (error) {
    await unlock?.();
    throw dataDirError(error);
  }
}
