import path from "node:path";
import { parseEnv } from "../config/env.ts";
import {
  EXPLORE_JOB_KIND,
  exploreJobWorkflow,
  readJobResearch,
  submitExplore,
} from "../research/explore/explore-service.ts";
import { resolveSearchBackend } from "../search/resolve-search-backend.ts";
import { parseApiTokens } from "../server/bearer-auth.ts";
import { DEFAULT_HOST, DEFAULT_PORT } from "../server/start-server.ts";
import { startService } from "../server/start-service.ts";
import type { CliIo } from "./cli-io.ts";
import { onStopSignal } from "./interrupted.ts";
import { integerOption, parseCommandLine } from "./parse-command-line.ts";
import {
  modelFlagsFrom,
  REPOSITORY_AND_MODEL_OPTIONS,
  repositoryChoice,
} from "./repository-and-model-options.ts";
import { resolveCliModel, resolveCliModelOrWarn } from "./resolve-cli-model.ts";
import { resolveStore } from "./resolve-store.ts";
import { UsageError } from "./usage-error.ts";

export const SERVE_SUMMARY = "run the HTTP API, durable job queue and web page";

export const SERVE_HELP = `Usage: idea-explorer serve [options]

Serves POST /api/explore, the job API, Server-Sent Events and a web page at /. Jobs are kept in
<data-dir>/jobs.sqlite and resume after a restart at their first unfinished step; one server
runs per data directory.

Options:
  --port N                  port to listen on (default 8787; 0 picks a free one)
  --host HOST               address to bind (default 127.0.0.1; others need IDEA_EXPLORER_API_TOKEN)
  --concurrency N           explorations run at once, 1 to 64 (default 2)
  --data-dir DIR            where the job database lives (default .idea-explorer)
  --rate-limit N            POST /api/explore per minute per token, bursts of up to 10
                            (default 30; 0 turns it off)
  --allow-private-webhooks  let webhooks reach loopback and private addresses (local set-ups)
  --repo DIR | --github OWNER/REPO   the ideas repository (default: the current folder)
  --model M, --provider P, --base-url URL, --api-key KEY   the model, as for explore
  --price-in USD, --price-out USD   its dollars per million input/output tokens, as for explore
  -h, --help                show this help

Environment: IDEA_EXPLORER_API_TOKEN (comma-separated bearer tokens) and the variables of explore.`;

const OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  concurrency: { type: "string" },
  "data-dir": { type: "string" },
  "rate-limit": { type: "string" },
  "allow-private-webhooks": { type: "boolean" },
  ...REPOSITORY_AND_MODEL_OPTIONS,
  help: { type: "boolean", short: "h" },
} as const;

/** `idea-explorer serve`: runs until SIGINT/SIGTERM, then stops cleanly (jobs resume later). */
export async function runServeCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine("serve", args, OPTIONS);
  if (values.help) {
    io.stdout.write(`${SERVE_HELP}\n`);
    return 0;
  }
  if (positionals.length) {
    throw new UsageError(
      `unexpected argument "${positionals[0]}": serve takes options only (see idea-explorer serve --help)`,
    );
  }
  const port = boundedOption("port", values.port, 0, 65_535) ?? DEFAULT_PORT;
  const concurrency = boundedOption("concurrency", values.concurrency, 1, 64) ?? 2;
  const rateLimit = boundedOption("rate-limit", values["rate-limit"], 0, 100_000);
  const env = parseEnv(io.env);
  const modelFlags = modelFlagsFrom(values);
  // Checked now so a bad flag fails at start-up; a missing key only fails the jobs (and says so).
  resolveCliModelOrWarn(modelFlags, env, (message) => {
    io.stderr.write(`warning: ${message} Explorations will fail until it is set.\n`);
  });
  const searchBackend = resolveSearchBackend(env);
  const store = resolveStore(repositoryChoice(values), env, io.cwd);
  // A repository that cannot be used fails each job at once with this same message; say it now.
  await store.verify().catch((error: Error) => {
    io.stderr.write(
      `warning: ${error.message.replace(/[.\s]*$/, ".")} Explorations will fail until it is fixed.\n`,
    );
  });

  const service = await startService({
    dataDir: path.resolve(io.cwd, values["data-dir"] ?? ".idea-explorer"),
    port,
    host: values.host ?? DEFAULT_HOST,
    concurrency,
    tokens: parseApiTokens(env.IDEA_EXPLORER_API_TOKEN),
    allowPrivateWebhooks: values["allow-private-webhooks"] ?? false,
    ...(rateLimit === undefined
      ? {}
      : {
          rateLimit:
            rateLimit === 0 ? false : { burst: Math.min(10, rateLimit), perMinute: rateLimit },
        }),
    workflows: {
      [EXPLORE_JOB_KIND]: exploreJobWorkflow({
        store,
        searchBackend,
        resolveModel: (request, hooks) =>
          resolveCliModel({ ...modelFlags, model: request.model ?? modelFlags.model }, env, {
            ...(hooks?.onRequestRetry ? { onRequestRetry: hooks.onRequestRetry } : {}),
          }),
      }),
    },
    submitExplore: (jobs) => submitExplore(jobs, store),
    readResearch: readJobResearch(store),
    logger: { error: (message, error) => io.stderr.write(`${message}${logDetail(error)}\n`) },
  });
  io.stderr.write(`idea-explorer serving ${service.url} (${store.description})\n`);
  io.stdout.write(`${service.url}\n`);

  // The handlers stay for the whole stop: a signal repeated by a process-group kill must not
  // end the process half-way through closing the database.
  await new Promise<void>((resolve) => onStopSignal(() => resolve()));
  io.stderr.write("stopping: running jobs will resume on the next start\n");
  await service.close();
  return 0;
}

/** The server log is the operator's: an unexpected error's stack goes there (never to a client). */
function logDetail(error: unknown): string {
  if (error === undefined) return "";
  return `: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}

function boundedOption(name: string, value: string | undefined, min: number, max: number) {
  const number = integerOption(name, value);
  if (number !== undefined && (number < min || number > max)) {
    throw new UsageError(`--${name} must be from ${min} to ${max}, got ${number}`);
  }
  return number;
}
