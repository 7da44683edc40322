import path from "node:path";
import { parseEnv } from "../../config/env.ts";
import { estimateExploreCost } from "../../research/explore/cost-estimate.ts";
import {
  EXPLORE_JOB_KIND,
  exploreJobWorkflow,
  readJobResearch,
  submitExplore,
} from "../../research/explore/explore-service.ts";
import { webFetchToolingFromEnv } from "../../research/explore/web-fetch-tooling.ts";
import { staleExplorations } from "../../research/refresh/stale-explorations.ts";
import { resolveSearchBackend } from "../../search/resolve-search-backend.ts";
import { issueIntakeSetup } from "../../server/issue-intake-setup.ts";
import { DEFAULT_PORT } from "../../server/start-server.ts";
import { startService } from "../../server/start-service.ts";
import type { CliIo } from "../cli-io.ts";
import { onStopSignal } from "../interrupted.ts";
import { modelFlagsFrom, repositoryChoice } from "../repository-and-model-options.ts";
import { resolveCliModel, resolveCliModelOrWarn } from "../resolve-cli-model.ts";
import { resolveStore } from "../resolve-store.ts";
import {
  type RefreshScheduleChoice,
  type RefreshScheduleValues,
  refreshScheduleChoice,
  scheduledCostCap,
} from "./refresh-schedule-options.ts";
import { checkServeSettings, TOKENLESS_WARNING } from "./serve-settings.ts";

export interface ServeValues
  extends NonNullable<Parameters<typeof modelFlagsFrom>[0]>,
    RefreshScheduleValues {
  host?: string;
  "data-dir"?: string;
  "allow-private-webhooks"?: boolean;
}

/** The numeric options, checked on the command line; undefined when not given. */
export interface ServeNumbers {
  port: number | undefined;
  concurrency: number | undefined;
  rateLimit: number | undefined;
}

/**
 * The service once its command line is checked and is not --help: runs until SIGINT/SIGTERM,
 * then stops cleanly (jobs resume later). Loaded only then, with Hono and the job engine.
 */
export async function runServe(
  values: ServeValues,
  numbers: ServeNumbers,
  io: CliIo,
): Promise<number> {
  const port = numbers.port ?? DEFAULT_PORT;
  const concurrency = numbers.concurrency ?? 2;
  const { rateLimit } = numbers;
  const env = parseEnv(io.env);
  const settings = checkServeSettings(values, env);
  const refreshChoice = refreshScheduleChoice(values, env.IDEA_EXPLORER_REFRESH_EVERY);
  const modelFlags = modelFlagsFrom(values);
  // Start-up lines may quote a server's answer (the repository check): masked like all output.
  const warn = (line: string) => io.stderr.write(`warning: ${io.redact(line)}\n`);
  // Checked now so a bad flag fails at start-up; a missing key only fails the jobs (and says so).
  const model = resolveCliModelOrWarn(modelFlags, env, (message) => {
    warn(`${message} Explorations will fail until it is set.`);
  });
  const searchBackend = resolveSearchBackend(env);
  const store = await resolveStore(repositoryChoice(values), env, io.cwd);
  // A repository that cannot be used fails each job at once with this same message; say it now.
  await store.verify().catch((error: Error) => {
    warn(`${error.message.replace(/[.\s]*$/, ".")} Explorations will fail until it is fixed.`);
  });

  const exploreDeps = {
    store,
    searchBackend,
    tooling: { webFetch: webFetchToolingFromEnv(env) },
    redact: io.redact,
    resolveModel: (
      request: { model?: string | undefined },
      hooks?: { onRequestRetry?: (line: string) => void },
    ) =>
      resolveCliModel({ ...modelFlags, model: request.model ?? modelFlags.model }, env, {
        ...(hooks?.onRequestRetry ? { onRequestRetry: hooks.onRequestRetry } : {}),
      }),
  };
  // Ideas filed as GitHub issues: their jobs, and the webhook that queues them.
  const intake = issueIntakeSetup(
    values.repo ? undefined : (values.github ?? env.GITHUB_REPO),
    env,
    exploreDeps,
  );
  if (intake.warning) warn(intake.warning);

  const service = await startService({
    dataDir: path.resolve(io.cwd, settings.dataDir),
    port,
    host: settings.host,
    concurrency,
    tokens: settings.tokens,
    allowPrivateWebhooks: values["allow-private-webhooks"] ?? false,
    ...(rateLimit === undefined
      ? {}
      : {
          rateLimit:
            rateLimit === 0 ? false : { burst: Math.min(10, rateLimit), perMinute: rateLimit },
        }),
    workflows: {
      [EXPLORE_JOB_KIND]: exploreJobWorkflow(exploreDeps),
      ...intake.workflows,
    },
    ...(intake.githubWebhook ? { githubWebhook: intake.githubWebhook } : {}),
    submitExplore: (jobs) => submitExplore(jobs, store),
    estimateExplore: (request) => estimateExploreCost(request, exploreDeps.resolveModel(request)),
    readResearch: readJobResearch(store),
    ideas: store,
    findStale: (query) => staleExplorations(store, query),
    ...(refreshChoice
      ? {
          // A schedule spends while nobody watches: capped by default where the model is priced.
          refreshSchedule: {
            ...refreshChoice,
            maxCostUsd: scheduledCostCap(refreshChoice, Boolean(model?.price)),
          },
        }
      : {}),
    log: (line) => io.stderr.write(`${io.redact(line)}\n`),
    logger: {
      error: (message, error) => io.stderr.write(`${io.redact(`${message}${logDetail(error)}`)}\n`),
    },
    redact: io.redact,
  });
  // Once listening, so a start that fails says only why.
  if (settings.tokens.length === 0) warn(TOKENLESS_WARNING);
  io.stderr.write(`idea-explorer serving ${service.url} (${store.description})\n`);
  if (refreshChoice) io.stderr.write(`${describeSchedule(refreshChoice, Boolean(model?.price))}\n`);
  io.stdout.write(`${service.url}\n`);

  // The handlers stay for the whole stop: a signal repeated by a process-group kill must not
  // end the process half-way through closing the database.
  await new Promise<void>((resolve) => onStopSignal(() => resolve()));
  io.stderr.write("stopping: running jobs will resume on the next start\n");
  await service.close();
  return 0;
}

function describeSchedule(choice: RefreshScheduleChoice, priced: boolean): string {
  const cap = scheduledCostCap(choice, priced);
  const days = choice.everyMs / 86_400_000;
  const every = Number.isInteger(days) ? `${days} days` : `${choice.everyMs / 3_600_000} hours`;
  return (
    `refresh schedule: every ${every}, at most ${choice.limit} explorations older than ` +
    `${choice.olderThanDays} days, ${cap === undefined ? "no cost cap (the model has no price)" : `each capped at $${cap}`}`
  );
}

/** The server log is the operator's: an unexpected error's stack goes there (never to a client). */
function logDetail(error: unknown): string {
  if (error === undefined) return "";
  return `: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
