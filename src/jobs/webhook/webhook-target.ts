import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isPublicAddress } from "./address-policy.ts";

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (dns.lookup with all: true by default). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: HostLookup = (hostname) =>
  dnsLookup(hostname, { all: true, order: "verbatim" });

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

export interface CheckedTarget {
  url: URL;
  /** Every address the host resolved to, all of them allowed: the connection uses only these. */
  addresses: ResolvedAddress[];
}

/**
 * Parses the URL, resolves the host and refuses it if ANY address is not public (unless private
 * targets are allowed). The caller connects to these checked addresses, never re-resolving, so a
 * DNS answer that changes between check and connect (rebinding) cannot redirect the request.
 */
export async function checkWebhookTarget(
  rawUrl: string,
  options: { lookup: HostLookup; allowPrivate: boolean },
): Promise<CheckedTarget> {
  const url = parseWebhookUrl(rawUrl);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await resolve(host, options.lookup);
  if (addresses.length === 0) throw refused(`${url.host} has no address`);
  const isAllowed = options.allowPrivate ? () => true : isPublicAddress;
  if (!addresses.every((a) => isAllowed(a.address))) {
    throw refused(
      `${url.host} resolves to a private, loopback or link-local address (allow it with --allow-private-webhooks)`,
    );
  }
  return { url, addresses };
}

/** The shape rules shared by the API's validation and delivery. */
export function parseWebhookUrl(rawUrl: string): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw refused("webhook_url is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw refused("webhook_url must use http or https");
  }
  if (url.username || url.password) {
    throw refused("webhook_url must not contain credentials");
  }
  return url;
}

async function resolve(host: string, lookup: HostLookup): Promise<ResolvedAddress[]> {
  try {
    return await lookup(host);
  } catch {
    // Resolution failures are often transient (a DNS hiccup), so this one is retried.
    throw new WebhookError(`${host} did not resolve`, { retryable: true });
  }
}
