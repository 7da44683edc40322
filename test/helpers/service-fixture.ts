/**
 * Test support: the real runner, app and stores-in-memory wired around a small explore-like
 * workflow (prepare → research → commit) that writes markdown to an in-memory "repository".
 * A gate can hold the research step open so tests can watch a running job.
 */
import type { DatabaseSync } from "node:sqlite";
import type { ExploreRequest } from "../../src/config/explore-request.ts";
import { openJobDatabase } from "../../src/jobs/job-database.ts";
import { JobError } from "../../src/jobs/job-error.ts";
import {
  createJobRunner,
  defineWorkflow,
  type JobRunnerOptions,
} from "../../src/jobs/job-runner.ts";
import type { WebhookNotifier } from "../../src/jobs/webhook/webhook-notifier.ts";
import { createApp } from "../../src/server/create-app.ts";
import type { AppOptions } from "../../src/server/service-types.ts";
import { queueExplore } from "./queue-explore.ts";

export interface FixtureOptions extends Partial<Omit<AppOptions, "jobs">> {
  notifier?: WebhookNotifier;
  /** When set, the research step waits for it to resolve. */
  researchGate?: Promise<void>;
  /** The markdown the research step "writes" (default: a small report with links and HTML). */
  report?: (idea: string) => string;
  /** The job database (default a fresh one in memory), e.g. a file a test caps or reopens. */
  db?: DatabaseSync;
  /** Passed to the runner, e.g. a short storage backoff for a full-disk test. */
  runner?: Partial<Pick<JobRunnerOptions, "logger" | "sleep" | "storageBackoff">>;
}

export function createServiceFixture(options: FixtureOptions = {}) {
  const repository = new Map<string, string>();
  const report =
    options.report ??
    ((idea: string) =>
      `# ${idea}\n\n## Verdict\n\nPromising. See [a source](https://example.com/s).\n`);
  const explore = defineWorkflow<
    { request: ExploreRequest },
    { path: string; stats: { toolCalls: number } }
  >({
    run: async ({ payload, step, reportProgress }) => {
      const { idea } = payload.request;
      if (idea.includes("misconfigured"))
        throw new JobError("configuration_error", "ANTHROPIC_API_KEY is not set");
      const folder = await step.do("prepare", async () => `ideas/2026-01-01-${idea.length}`);
      const markdown = await step.do("research", async () => {
        reportProgress({
          agentStep: 1,
          maxSteps: 5,
          toolCalls: 2,
          inputTokens: 1200,
          outputTokens: 300,
        });
        await options.researchGate;
        reportProgress({ agentStep: 2, toolCalls: 3 });
        return report(idea);
      });
      const path = await step.do("commit", async () => {
        repository.set(`${folder}/research.md`, markdown);
        return `${folder}/research.md`;
      });
      return { path, stats: { toolCalls: 3 } };
    },
  });
  const jobs = createJobRunner({
    db: options.db ?? openJobDatabase({ file: ":memory:" }),
    workflows: { explore },
    logger: { error: () => {} },
    sleep: async () => {},
    notifier: options.notifier,
    ...options.runner,
  });
  const app = createApp({
    jobs,
    auth: options.auth ?? { tokens: [] },
    submitExplore: options.submitExplore ?? queueExplore(jobs, (request) => ({ request })),
    readResearch:
      options.readResearch ??
      (async (job) => {
        const result = job.result as { path?: string } | null;
        return result?.path ? repository.get(result.path) : undefined;
      }),
    ideas: options.ideas,
    findStale: options.findStale,
    rateLimit: options.rateLimit ?? false,
    allowPrivateWebhooks: options.allowPrivateWebhooks,
    bodyLimitBytes: options.bodyLimitBytes,
    now: options.now,
    logger: options.logger ?? { error: () => {} },
    sseKeepAliveMs: options.sseKeepAliveMs,
  });
  return { app, jobs, repository };
}
