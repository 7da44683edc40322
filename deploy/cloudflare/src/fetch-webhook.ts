import { webhookStatusError } from "../../../src/jobs/webhook/post-webhook.ts";
import type { WebhookTransport } from "../../../src/jobs/webhook/webhook-notifier.ts";
import { parseWebhookUrl, WebhookError } from "../../../src/jobs/webhook/webhook-target.ts";
import { literalMetadataTarget, literalPrivateTarget } from "../../../src/server/explore-body.ts";

/**
 * A webhook attempt with the Worker's fetch. A Worker opens no sockets of its own and Cloudflare
 * does not let it reach private networks, so the address rule left to check is the literal one
 * the API applies at submit; redirects are never followed, as with node:http in `serve`.
 */
export function fetchWebhookTransport(allowPrivate: boolean): WebhookTransport {
  return async (rawUrl, body, { headers, timeoutMs, signal }) => {
    const url = parseWebhookUrl(rawUrl);
    if (literalMetadataTarget(url.href)) {
      throw new WebhookError(`${url.host} is a link-local or cloud metadata address`, {
        retryable: false,
      });
    }
    if (!allowPrivate && literalPrivateTarget(url.href)) {
      throw new WebhookError(`${url.host} is a private, loopback or link-local address`, {
        retryable: false,
      });
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        body,
        headers,
        redirect: "manual",
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      const why = timedOut ? `did not answer within ${timeoutMs / 1000} s` : "could not be reached";
      throw new WebhookError(`${url.host} ${why}`, { retryable: true });
    }
    await response.body?.cancel();
    if (response.status < 200 || response.status >= 300) {
      throw webhookStatusError(url.host, response.status);
    }
  };
}
