import type { IncomingHttpHeaders } from "node:http";
import { NetError } from "./net-error.ts";
import { pinnedTransport } from "./pinned-request.ts";
import {
  type CheckedTarget,
  checkPublicTarget,
  checkTargetByName,
  parseHttpUrl,
  type TargetPolicy,
} from "./public-target.ts";
import type { ResponseBody, Transport } from "./transport.ts";

export const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface FetchPublicOptions extends TargetPolicy {
  signal: AbortSignal;
  headers?: Record<string, string>;
  /** At most this many redirects are followed (default 5); each hop is checked like the first. */
  maxRedirects?: number;
  /**
   * What sends each checked hop (default pinnedTransport: node:http to the checked addresses).
   * fetchTransport serves runtimes whose node:http cannot be pinned (the Cloudflare Worker).
   */
  transport?: Transport;
}

export interface PublicResponse {
  /** The URL that answered, after redirects. */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  redirects: number;
  /** The body, unread: read it with readCappedBody, or destroy it. */
  response: ResponseBody;
}

/**
 * A GET that can only reach public addresses (unless the policy allows private ones): every hop,
 * redirects included, is checked before its request; with the default transport it is resolved
 * and connected to by its checked addresses only (see Transport.pinsAddresses for the other).
 * Redirect bodies are discarded unread; the final response is returned with its body unread so
 * the caller can refuse it by its headers before downloading anything.
 */
export async function fetchPublic(
  rawUrl: string,
  options: FetchPublicOptions,
): Promise<PublicResponse> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const transport = options.transport ?? pinnedTransport;
  const headers = { ...options.headers };
  let url = parseHttpUrl(rawUrl);
  let from: URL | undefined;
  for (let redirects = 0; ; redirects++) {
    const target = await checkHop(url, from, options, transport);
    if (options.signal.aborted) throw options.signal.reason;
    const answer = await transport.get(target, { headers, signal: options.signal });
    const { status, headers: answered, body } = answer;
    const location = answered.location;
    if (!REDIRECTS.has(status) || location === undefined) {
      return { url, status, headers: answered, redirects, response: body };
    }
    body.destroy();
    if (redirects >= maxRedirects) {
      throw new NetError(
        "too_many_redirects",
        `more than ${maxRedirects} redirects from ${url.hostname}`,
      );
    }
    from = url;
    url = redirectTarget(url, location);
  }
}

async function checkHop(
  url: URL,
  from: URL | undefined,
  policy: TargetPolicy,
  transport: Transport,
): Promise<CheckedTarget> {
  try {
    return transport.pinsAddresses
      ? await checkPublicTarget(url, policy)
      : checkTargetByName(url, policy);
  } catch (error) {
    if (!from || !(error instanceof NetError)) throw error;
    throw new NetError(
      error.kind,
      `a redirect from ${from.hostname} was refused: ${error.message}`,
    );
  }
}

function redirectTarget(from: URL, location: string): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new NetError("bad_redirect", `${from.hostname} redirected to an invalid URL`);
  }
  try {
    return parseHttpUrl(next.href);
  } catch (error) {
    const reason = error instanceof NetError ? `: ${error.message}` : "";
    throw new NetError("bad_redirect", `${from.hostname} redirected to a refused URL${reason}`);
  }
}
