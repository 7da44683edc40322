import type { DatabaseSync } from "node:sqlite";
import { ConfigError } from "../config/config-error.ts";
import { openJobDatabase } from "../jobs/job-database.ts";
import { createJobRunner, type JobRunner, type WorkflowDefinition } from "../jobs/job-runner.ts";
import { createWebhookNotifier } from "../jobs/webhook/webhook-notifier.ts";
import { createApp } from "./create-app.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import type { RateLimit } from "./rate-limiter.ts";
import type { ReadJobResearch, ServiceLogger, SubmitExplore } from "./service-types.ts";
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
  /** Builds the submit function once the runner exists (e.g. queueExplore(jobs, toPayload)). */
  submitExplore: (jobs: JobRunner) => SubmitExplore;
  readResearch: ReadJobResearch;
  logger?: ServiceLogger;
}

export interface RunningService extends RunningServer {
  jobs: JobRunner;
}

/**
 * `idea-explorer serve`: opens the job database, resumes interrupted jobs, serves the API and page.
 * close() stops listening, interrupts running jobs (they resume on the next start) and closes the
 * database.
 */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { db, unlock } = openDataDir(options.dataDir);
  const jobs = createJobRunner({
    db,
    workflows: options.workflows,
    concurrency: options.concurrency,
    logger: options.logger,
    notifier: createWebhookNotifier({ allowPrivate: options.allowPrivateWebhooks ?? false }),
  });
  const app = createApp({
    jobs,
    auth: { tokens: options.tokens },
    submitExplore: options.submitExplore(jobs),
    readResearch: options.readResearch,
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
    db.close();
    unlock();
    throw error;
  }
  jobs.start();
  return {
    ...server,
    jobs,
    async close() {
      await server.close();
      await jobs.stop();
      db.close();
      unlock();
    },
  };
}

/**
 * Locks the data directory (one server per job database) and opens the database; fails with one
 * line naming what is wrong with --data-dir (the path is the user's, so it is not repeated).
 */
function openDataDir(dataDir: string): { db: DatabaseSync; unlock: () => void } {
  let unlock: (() => void) | undefined;
  try {
    unlock = lockDataDir(dataDir);
    return { db: openJobDatabase({ dataDir }), unlock };
  } catch (error) {
    unlock?.();
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? "";
    const reason =
      code === "EEXIST" || code === "ENOTDIR"
        ? "a file is in the way of that folder"
        : code === "EACCES" || code === "EPERM" || code === "EROFS"
          ? "it is not writable"
          : `the job database there cannot be opened (${code || (error as Error).message.split("\n")[0]})`;
    throw new ConfigError(`--data-dir cannot be used: ${reason}`);
  }
}
