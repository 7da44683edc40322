import { SearchError } from "./search-error.ts";

/** Big enough for any page of search results, small enough that a broken server can't flood memory. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
const MAX_DETAIL_CHARS = 200;

export interface SearchRequest {
  /** The backend's display name, used in every message ("Brave", "Tavily", "SearXNG"). */
  backend: string;
  url: URL;
  init: RequestInit;
  fetch: typeof fetch;
  signal: AbortSignal | undefined;
  timeoutMs: number;
  /** Values that must never appear in a message (API keys, passwords). */
  secrets: readonly string[];
  /** What to tell the user when the backend rejects the credentials. */
  authHint: string;
  /** A backend-specific reading of an error status, when the generic one would mislead. */
  explainStatus?: (status: number, detail: string | undefined) => SearchError | undefined;
}

/**
 * One HTTP round trip to a search API, returning its parsed JSON or throwing a SearchError whose
 * message names the backend, the cause and the fix, and never carries a secret.
 */
export async function fetchSearchJson(request: SearchRequest): Promise<unknown> {
  const { backend } = request;
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    const response = await request.fetch(request.url, { ...request.init, signal });
    const body = await readCapped(response, backend);
    if (!response.ok) throw statusError(request, response, body);
    try {
      return JSON.parse(body) as unknown;
    } catch {
      const type = response.headers.get("content-type")?.split(";")[0] || "unknown";
      throw new SearchError(
        "bad_response",
        `${backend} answered with something that is not JSON (content-type ${type}).`,
        response.status,
      );
    }
  } catch (error) {
    if (error instanceof SearchError) throw error;
    throw transportError(request, signal, timeout, error);
  }
}

async function readCapped(response: Response, backend: string): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw new SearchError("bad_response", `${backend} sent a response larger than 4 MiB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function statusError(request: SearchRequest, response: Response, body: string): SearchError {
  const { backend } = request;
  const status = response.status;
  const detail = errorDetail(body, request.secrets);
  const specific = request.explainStatus?.(status, detail);
  if (specific) return specific;
  if (status >= 300 && status < 400) {
    return new SearchError(
      "bad_response",
      `${backend} answered with a redirect (HTTP ${status}), which is not followed; check its base URL.`,
      status,
    );
  }
  if (status === 401 || status === 403) {
    return new SearchError(
      "auth",
      `${backend} rejected the credentials (HTTP ${status}); ${request.authHint}.`,
      status,
    );
  }
  if (status === 429) {
    const retry = retryAfterSeconds(response.headers.get("retry-after"));
    const when = retry === undefined ? "later" : `in ${retry} s`;
    return new SearchError(
      "rate_limit",
      `${backend} rate limit reached (HTTP 429); try again ${when}.`,
      status,
    );
  }
  if (status >= 500) {
    return new SearchError(
      "server",
      `${backend} is failing (HTTP ${status}); try again later.`,
      status,
    );
  }
  const suffix = detail ? `: ${detail}` : "";
  return new SearchError(
    "bad_request",
    `${backend} refused the request (HTTP ${status})${suffix}`,
    status,
  );
}

function transportError(
  request: SearchRequest,
  signal: AbortSignal,
  timeout: AbortSignal,
  error: unknown,
): SearchError {
  const { backend } = request;
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    const timedOut =
      timeout.aborted || (reason instanceof DOMException && reason.name === "TimeoutError");
    if (timedOut) {
      const limit = timeout.aborted ? ` within ${request.timeoutMs} ms` : " in time";
      return new SearchError("timeout", `${backend} did not answer${limit}.`);
    }
    return new SearchError("aborted", `The ${backend} search was cancelled.`);
  }
  const code = causeCode(error);
  const why = code ? ` (${code})` : "";
  return new SearchError("network", `Could not reach ${backend} at ${request.url.origin}${why}.`);
}

/** The system error code behind undici's bare "fetch failed" (ECONNREFUSED, ENOTFOUND, ...). */
function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/**
 * A short human reason from an error body (Tavily `{detail:{error}}`, Brave `{error:{detail}}`,
 * plain `{message}`), redacted and bounded, so a 400 says what was wrong without dumping the body.
 */
function errorDetail(body: string, secrets: readonly string[]): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const found = firstString(parsed, [
    ["detail", "error"],
    ["error", "detail"],
    ["error", "message"],
    ["message"],
    ["error"],
    ["detail"],
  ]);
  if (found === undefined) return undefined;
  let detail = found.replace(/\s+/g, " ").trim();
  for (const secret of secrets) if (secret) detail = detail.split(secret).join("***");
  return detail.length > MAX_DETAIL_CHARS ? `${detail.slice(0, MAX_DETAIL_CHARS - 1)}…` : detail;
}

function firstString(value: unknown, paths: readonly (readonly string[])[]): string | undefined {
  for (const path of paths) {
    let current: unknown = value;
    for (const key of path) {
      current =
        current !== null && typeof current === "object"
          ? (current as Record<string, unknown>)[key]
          : undefined;
    }
    if (typeof current === "string" && current.trim()) return current;
  }
  return undefined;
}

/** Reads `obj.key` from parsed JSON of unknown shape. */
export function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
