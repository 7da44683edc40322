import type { IncomingHttpHeaders } from "node:http";

/** One request as the fake saw it, for assertions. */
export interface GitHubRequest {
  method: string;
  /** Decoded path, e.g. "/repos/o/r/contents/ideas/a b.md" (Octokit sends "/" as %2F). */
  path: string;
  /** The path exactly as sent on the wire. */
  rawPath: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or undefined when there was none. */
  body: unknown;
}

/** A reply: JSON `body` (or `rawBody`), a status and extra headers. */
export interface GitHubReply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
}

/** GitHub's error body shape: `{ message, documentation_url, status }`. */
export function githubError(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): GitHubReply {
  return {
    status,
    body: {
      message,
      documentation_url: "https://docs.github.com/rest",
      status: String(status),
      ...extra,
    },
  };
}

export const notFound = (): GitHubReply => githubError(404, "Not Found");

/** Primary rate limit: 403 with `x-ratelimit-remaining: 0` and the reset time in epoch seconds. */
export function rateLimitExceeded(options: { resetInSeconds?: number } = {}): GitHubReply {
  const reset = Math.floor(Date.now() / 1000) + (options.resetInSeconds ?? 3600);
  return {
    ...githubError(403, "API rate limit exceeded for user ID 1."),
    headers: {
      "x-ratelimit-limit": "5000",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-used": "5000",
      "x-ratelimit-reset": String(reset),
      "x-ratelimit-resource": "core",
    },
  };
}

/** Secondary rate limit: 403 or 429 with `retry-after` in seconds. */
export function secondaryRateLimit(
  options: { retryAfterSeconds?: number; status?: 403 | 429 } = {},
): GitHubReply {
  return {
    ...githubError(
      options.status ?? 429,
      "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
    ),
    headers: { "retry-after": String(options.retryAfterSeconds ?? 60) },
  };
}

export const serverError = (status = 500): GitHubReply =>
  githubError(status, status === 502 ? "Server Error" : "Internal Server Error");
