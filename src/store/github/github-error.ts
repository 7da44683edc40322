import { StoreError } from "../research-reader.ts";
import { GitHubTimeoutError } from "./request-timeout.ts";

interface OctokitFailure {
  status: number;
  message: string;
  response?: { headers?: Record<string, string | number | undefined>; data?: unknown };
  /** The options it was sent with; the retry plugin counts its resends in `request.retryCount`. */
  request?: { request?: { retryCount?: number } };
  cause?: unknown;
}

function isOctokitFailure(error: unknown): error is OctokitFailure {
  return (
    error instanceof Error &&
    "status" in error &&
    typeof (error as { status: unknown }).status === "number"
  );
}

/** The HTTP status of an Octokit failure, or undefined for anything else. */
export function statusOf(error: unknown): number | undefined {
  return isOctokitFailure(error) ? error.status : undefined;
}

export interface ErrorContext {
  /** What was being done, for the message: "reading ideas/a.md", "verifying me/ideas". */
  action: string;
  /** Values that must never appear in a message (the token). */
  secrets: readonly string[];
  /** Clock for rate-limit reset times. */
  now?: () => number;
  /** How many times the request was sent, when the caller sent it again itself. */
  attempts?: number;
}

/**
 * A StoreError for any Octokit failure: the status, whether it is a rate limit (403/429 with
 * `x-ratelimit-remaining: 0` or `retry-after`) and how long to wait, and a one-line message
 * built from GitHub's own `message` field with every secret removed. Never the request URL,
 * headers or a cause chain: those can carry the token or host details.
 */
export function toStoreError(error: unknown, context: ErrorContext): StoreError {
  if (error instanceof StoreError) return error;
  if (error instanceof Error && error.name === "AbortError") {
    return new StoreError(`GitHub request cancelled while ${context.action}`);
  }
  if (!isOctokitFailure(error)) {
    return new StoreError(`Unexpected failure while ${context.action}`);
  }
  if (error.cause instanceof GitHubTimeoutError) {
    const attempts = context.attempts ?? (error.request?.request?.retryCount ?? 0) + 1;
    return timedOut(error.cause, attempts, context.action);
  }
  const { status, response } = error;
  if (!response) {
    return new StoreError(`Could not reach GitHub while ${context.action} (network error)`, {
      unreachable: true,
    });
  }
  const headers = response.headers ?? {};
  const retryAfterSeconds = retryAfter(headers, context.now ?? Date.now);
  const serverSaid = serverMessage(response.data, context.secrets);
  const rateLimited =
    (status === 403 || status === 429) &&
    (String(headers["x-ratelimit-remaining"]) === "0" ||
      headers["retry-after"] !== undefined ||
      /rate limit/i.test(serverSaid));
  if (rateLimited) {
    const wait = retryAfterSeconds === undefined ? "" : `; retry in ${retryAfterSeconds} s`;
    return new StoreError(`GitHub rate limit reached while ${context.action}${wait}`, {
      status,
      rateLimited: true,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }
  if (status === 401) {
    return new StoreError(
      `GitHub rejected the token while ${context.action} (401 Bad credentials): check GITHUB_TOKEN`,
      { status },
    );
  }
  const detail = serverSaid ? `: ${serverSaid}` : "";
  return new StoreError(`GitHub answered ${status} while ${context.action}${detail}`, { status });
}

/**
 * A failure after which the request may have been applied all the same: no answer at all
 * (network failure, timeout) or a 5xx. A cancelled request is not one: its caller gave up.
 */
export function answerWasLost(error: unknown): boolean {
  if (error instanceof Error && error.name === "AbortError") return false;
  return (statusOf(error) ?? 0) >= 500;
}

function timedOut(timeout: GitHubTimeoutError, attempts: number, action: string): StoreError {
  const tries = `${attempts} ${attempts === 1 ? "attempt" : "attempts"}`;
  return new StoreError(
    `GitHub did not answer within ${timeout.timeoutMs / 1000} s while ${action} (${tries}); check GitHub's status or set GITHUB_TIMEOUT_MS`,
    { unreachable: true },
  );
}

function retryAfter(
  headers: Record<string, string | number | undefined>,
  now: () => number,
): number | undefined {
  const after = Number(headers["retry-after"]);
  if (headers["retry-after"] !== undefined && Number.isFinite(after)) {
    return Math.max(0, Math.ceil(after));
  }
  const reset = Number(headers["x-ratelimit-reset"]);
  if (String(headers["x-ratelimit-remaining"]) === "0" && Number.isFinite(reset)) {
    return Math.max(0, Math.ceil(reset - now() / 1000));
  }
  return undefined;
}

const MAX_SERVER_MESSAGE = 200;

function serverMessage(data: unknown, secrets: readonly string[]): string {
  const raw =
    typeof data === "object" && data !== null && "message" in data
      ? String((data as { message: unknown }).message)
      : "";
  let text = raw.replace(/\s+/g, " ").trim();
  for (const secret of secrets) {
    if (secret) text = text.split(secret).join("[redacted]");
  }
  return text.length > MAX_SERVER_MESSAGE ? `${text.slice(0, MAX_SERVER_MESSAGE)}…` : text;
}
