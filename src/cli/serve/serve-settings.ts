import { ConfigError } from "../../config/config-error.ts";
import type { Env } from "../../config/env.ts";
import { MIN_SECRET_LENGTH } from "../../config/redactor.ts";
import { checkedApiTokens } from "../../server/api-tokens.ts";
import { DEFAULT_HOST } from "../../server/start-server.ts";
import { UsageError } from "../usage-error.ts";

/** Said at every start without a token: loopback keeps other machines out, not other users. */
export const TOKENLESS_WARNING =
  "no IDEA_EXPLORER_API_TOKEN is set: every user and program on this machine can use this server (and spend its model key); set IDEA_EXPLORER_API_TOKEN to require a token";

export interface ServeSettings {
  tokens: string[];
  host: string;
  /** Relative to the working directory. */
  dataDir: string;
}

/**
 * The settings serve reads, checked before anything starts: each mistake stops the start
 * (exit 2) with one line naming the setting, where it would otherwise start a server that is
 * open when it should not be, keeps its job database in the ideas repository, or refuses every
 * GitHub delivery. (--port, --concurrency and --rate-limit are checked as they are parsed; the
 * model and its key by resolving the model.)
 */
export function checkServeSettings(
  values: { host?: string | undefined; "data-dir"?: string | undefined },
  env: Env,
): ServeSettings {
  const secret = env.GITHUB_WEBHOOK_SECRET;
  if (secret !== undefined && secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `GITHUB_WEBHOOK_SECRET is shorter than ${MIN_SECRET_LENGTH} characters; use a long random secret (e.g. openssl rand -hex 32) here and in the webhook's settings on GitHub`,
    );
  }
  return {
    tokens: checkedApiTokens(env.IDEA_EXPLORER_API_TOKEN),
    host: nonEmpty("host", values.host) ?? DEFAULT_HOST,
    // An empty --data-dir would resolve to the working directory: the job database in the ideas
    // repository.
    dataDir: nonEmpty("data-dir", values["data-dir"]) ?? ".idea-explorer",
  };
}

function nonEmpty(option: string, value: string | undefined): string | undefined {
  if (value !== undefined && value.trim() === "") {
    throw new UsageError(`--${option} must not be empty (leave it out for the default)`);
  }
  return value;
}
