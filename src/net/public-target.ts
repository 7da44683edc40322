import { isIP } from "node:net";
import { isMetadataOrLinkLocal, isPublicAddress } from "./address-policy.ts";
import type { HostLookup, ResolvedAddress } from "./host-lookup.ts";
import { NetError } from "./net-error.ts";
import { isListedPrivate, type PrivateAllowList } from "./private-allow-list.ts";
import { isPrivateName } from "./private-names.ts";

/**
 * Names that reach a cloud's instance-metadata service from inside it, refused by name as well
 * as by address (a resolver inside the cloud may answer them with anything).
 */
const METADATA_HOSTS = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.azure.com",
]);

export interface CheckedTarget {
  url: URL;
  /**
   * Every address the host resolved to, all of them allowed: connect to these and no others.
   * Empty for a host name judged by name only (checkTargetByName): nothing can be pinned to it.
   */
  addresses: ResolvedAddress[];
}

export interface TargetPolicy {
  lookup: HostLookup;
  /**
   * Private and loopback targets an operator allows (never the model): true for every one, or a
   * list of hosts and networks. Link-local and cloud metadata addresses are refused either way.
   */
  allowPrivate: boolean | PrivateAllowList;
  /** Which addresses count as public (default isPublicAddress); tests and operators may narrow it. */
  isPublic?: (address: string) => boolean;
}

/**
 * An http(s) URL without credentials. WHATWG parsing already normalises the host, so
 * `http://2130706433/` and `http://0x7f.1/` arrive here as 127.0.0.1.
 */
export function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new NetError("invalid_url", "not a valid absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new NetError(
      "unsupported_scheme",
      `only http and https URLs can be fetched, not ${url.protocol.slice(0, 20)}`,
    );
  }
  if (url.username || url.password) {
    throw new NetError("credentials_in_url", "URLs with a user name or password are refused");
  }
  return url;
}

/**
 * Resolves the URL's host and refuses it when ANY of its addresses is not public (a host with one
 * public and one private address could be steered to the private one). The caller connects only
 * to the returned addresses and never resolves again, so a DNS answer that changes between check
 * and connect (rebinding) cannot redirect the request.
 */
export async function checkPublicTarget(
  target: string | URL,
  policy: TargetPolicy,
): Promise<CheckedTarget> {
  const { url, host } = hostOf(target);
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolve(host, policy.lookup);
  if (addresses.length === 0) throw new NetError("dns_failure", `${url.hostname} has no address`);
  judgeAddresses(url, host, addresses, policy);
  return { url, addresses };
}

/**
 * The check for a transport that cannot choose the address it connects to (the runtime's fetch,
 * see fetch-transport.ts): the URL alone is judged, nothing is resolved. A literal IP address is
 * judged as checkPublicTarget judges it; a host name is refused when it names cloud metadata or
 * only a private network (`localhost`, `*.internal`, a single label...: see private-names.ts)
 * and the operator has not allowed it. Where any other name's addresses lead is NOT known here.
 */
export function checkTargetByName(
  target: string | URL,
  policy: Omit<TargetPolicy, "lookup">,
): CheckedTarget {
  const { url, host } = hostOf(target);
  const family = isIP(host);
  if (family) {
    const addresses = [{ address: host, family }];
    judgeAddresses(url, host, addresses, policy);
    return { url, addresses };
  }
  const listed =
    policy.allowPrivate === true ||
    (policy.allowPrivate !== false && policy.allowPrivate.hosts.has(host.toLowerCase()));
  if (isPrivateName(host) && !listed) {
    throw new NetError(
      "private_address",
      `${url.hostname} names a local or private network host, which is not fetched here`,
    );
  }
  return { url, addresses: [] };
}

/** The parsed URL and its bare host (no IPv6 brackets); metadata names are refused here. */
function hostOf(target: string | URL): { url: URL; host: string } {
  const url = typeof target === "string" ? parseHttpUrl(target) : parseHttpUrl(target.href);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (METADATA_HOSTS.has(host.replace(/\.$/, ""))) throw metadataRefused(url);
  return { url, host };
}

function judgeAddresses(
  url: URL,
  host: string,
  addresses: ResolvedAddress[],
  policy: Omit<TargetPolicy, "lookup">,
): void {
  if (addresses.some((a) => isMetadataOrLinkLocal(a.address))) throw metadataRefused(url);
  const isPublic = policy.isPublic ?? isPublicAddress;
  const allowed = (address: string) =>
    isPublic(address) ||
    policy.allowPrivate === true ||
    (policy.allowPrivate !== false && isListedPrivate(policy.allowPrivate, host, address));
  if (!addresses.every((a) => allowed(a.address))) {
    throw new NetError(
      "private_address",
      `${url.hostname} is or resolves to a private or loopback address`,
    );
  }
}

async function resolve(host: string, lookup: HostLookup): Promise<ResolvedAddress[]> {
  let answer: unknown;
  try {
    answer = await lookup(host);
  } catch {
    throw new NetError("dns_failure", `${host} did not resolve`);
  }
  // A lookup is injected code: only well-formed answers may become connection targets (a
  // single-address answer, dns.lookup's default shape, counts as a list of one).
  const found: unknown[] = Array.isArray(answer) ? answer : [answer];
  return found.flatMap((a) => {
    const address = (a as { address?: unknown } | null)?.address;
    const family = typeof address === "string" ? isIP(address) : 0;
    return family ? [{ address: address as string, family }] : [];
  });
}

function metadataRefused(url: URL): NetError {
  return new NetError(
    "metadata_address",
    `${url.hostname} is a link-local or cloud metadata address, which is never fetched`,
  );
}
