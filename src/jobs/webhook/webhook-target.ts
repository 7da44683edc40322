import type { HostLookup } from "../../net/host-lookup.ts";
import { NetError, type NetErrorKind } from "../../net/net-error.ts";
import { type CheckedTarget, checkPublicTarget, parseHttpUrl } from "../../net/public-target.ts";

/**
 * Why one delivery attempt did not succeed: one line, safe to record and show (it names the host,
 * never the path or query, which may carry a token). Refusals are not retryable.
 */
export class WebhookError extends Error {
  override readonly name = "WebhookError";
  readonly retryable: boolean;

  constructor(message: string, options: { retryable: boolean }) {
    super(message);
    this.retryable = options.retryable;
  }
}

const refused = (message: string) => new WebhookError(message, { retryable: false });

/**
 * The address rules are src/net's, shared with web_fetch: the host is resolved and refused if ANY
 * address is not public (unless private targets are allowed), and the caller connects to these
 * checked addresses only, so a DNS answer that changes between check and connect (rebinding)
 * cannot redirect the request.
 */
export async function checkWebhookTarget(
  rawUrl: string,
  options: { lookup: HostLookup; allowPrivate: boolean },
): Promise<CheckedTarget> {
  const url = parseWebhookUrl(rawUrl);
  try {
    return await checkPublicTarget(url, options);
  } catch (error) {
    if (!(error instanceof NetError)) throw error;
    if (error.kind === "private_address") {
      throw refused(
        `${url.host} resolves to a private, loopback or link-local address (allow it with --allow-private-webhooks)`,
      );
    }
    // Resolution failures are often transient (a DNS hiccup), so they are retried.
    throw new WebhookError(error.message, { retryable: error.kind === "dns_failure" });
  }
}

const URL_PROBLEMS: Partial<Record<NetErrorKind, string>> = {
  unsupported_scheme: "webhook_url must use http or https",
  credentials_in_url: "webhook_url must not contain credentials",
};

/** The shape rules shared by the API's validation and delivery. */
export function parseWebhookUrl(rawUrl: string): URL {
  try {
    return parseHttpUrl(rawUrl);
  } catch (error) {
    const kind = error instanceof NetError ? error.kind : "invalid_url";
    throw refused(URL_PROBLEMS[kind] ?? "webhook_url is not a valid URL");
  }
}
