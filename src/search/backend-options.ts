import { ConfigError } from "../config/config-error.ts";

/** Default per-request limit for a backend used on its own; the web_search tool sets its own too. */
export const DEFAULT_SEARCH_TIMEOUT_MS = 15_000;

/** Options every backend factory accepts. */
export interface BackendOptions {
  /** Injected for tests and proxies; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** At most this many results per query (default 5). */
  maxResults?: number;
  /** Per-request limit in milliseconds (default 15 s), on top of the caller's AbortSignal. */
  timeoutMs?: number;
}

/** A URL under `base` that keeps base's own path (a proxy at https://host/brave/ stays there). */
export function endpoint(base: URL, path: string): URL {
  const url = new URL(base.href);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  url.search = "";
  url.hash = "";
  return url;
}

export function requireKey(apiKey: string, backend: string, variable: string): string {
  const key = apiKey.trim();
  if (!key) throw new ConfigError(`${backend} needs an API key; set ${variable}.`);
  return key;
}

export function checkTimeout(value: number | undefined): number {
  const ms = value ?? DEFAULT_SEARCH_TIMEOUT_MS;
  if (!Number.isFinite(ms) || ms <= 0) {
    throw new RangeError(`timeoutMs must be a positive number of milliseconds (got ${ms})`);
  }
  return ms;
}
