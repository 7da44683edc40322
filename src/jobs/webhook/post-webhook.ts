import http from "node:http";
import https from "node:https";
import { pinnedLookup } from "../../net/pinned-request.ts";
import type { CheckedTarget } from "../../net/public-target.ts";
import { WebhookError } from "./webhook-target.ts";

export interface PostOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * One POST to an already-checked target. node:http never follows redirects, so a 3xx is reported
 * as a failure and not retried; the socket connects only to the checked addresses (the lookup is
 * pinned), while TLS still verifies the certificate against the URL's host name.
 */
export function postWebhook(target: CheckedTarget, body: string, options: PostOptions) {
  const { url } = target;
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<void>((resolve, reject) => {
    const request = transport.request(
      url.href,
      {
        method: "POST",
        agent: false,
        lookup: pinnedLookup(target),
        signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
        headers: { ...options.headers, "Content-Length": String(Buffer.byteLength(body)) },
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve();
        reject(webhookStatusError(url.host, status));
      },
    );
    request.on("error", (error) => reject(networkError(url.host, error, options.timeoutMs)));
    request.end(body);
  });
}

/** What a receiver's non-2xx answer means: a redirect is never followed, 5xx/408/429 are retried. */
export function webhookStatusError(host: string, status: number): WebhookError {
  if (status >= 300 && status < 400) {
    return new WebhookError(`${host} answered a redirect (HTTP ${status}), not followed`, {
      retryable: false,
    });
  }
  const retryable = status >= 500 || status === 408 || status === 429;
  return new WebhookError(`${host} answered HTTP ${status}`, { retryable });
}

function networkError(host: string, error: Error, timeoutMs: number): WebhookError {
  if (error.name === "AbortError" || error.name === "TimeoutError") {
    return new WebhookError(`${host} did not answer within ${timeoutMs / 1000} s`, {
      retryable: true,
    });
  }
  const code = (error as NodeJS.ErrnoException).code;
  return new WebhookError(`${host} could not be reached (${code ?? "network error"})`, {
    retryable: true,
  });
}
