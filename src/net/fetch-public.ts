import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { ACCEPTED_ENCODINGS } from "./capped-body.ts";
import { NetError } from "./net-error.ts";
import { pinnedGet } from "./pinned-request.ts";
import { checkPublicTarget, parseHttpUrl, type TargetPolicy } from "./public-target.ts";

export const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface FetchPublicOptions extends TargetPolicy {
  signal: AbortSignal;
  headers?: Record<string, string>;
  /** At most this many redirects are followed (default 5); each hop is checked like the first. */
  maxRedirects?: number;
}

export interface PublicResponse {
  /** The URL that answered, after redirects. */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  redirects: number;
  /** The raw (possibly compressed) body: read it with readCappedBody, or destroy it. */
  response: IncomingMessage;
}

/**
 * A GET that can only reach public addresses (unless the policy allows private ones): every hop,
 * redirects included, is resolved, checked and connected to by its checked addresses only.
 * Redirect bodies are discarded unread; the final response is returned with its body unread so
 * the caller can refuse it by its headers before downloading anything.
 */
export async function fetchPublic(
  rawUrl: string,
  options: FetchPublicOptions,
): Promise<PublicResponse> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const headers = { "accept-encoding": ACCEPTED_ENCODINGS, ...options.headers };
  let url = parseHttpUrl(rawUrl);
  let from: URL | undefined;
  for (let redirects = 0; ; redirects++) {
    const target = await checkHop(url, from, options);
    if (options.signal.aborted) throw options.signal.reason;
    const response = await pinnedGet(target, { headers, signal: options.signal });
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (!REDIRECTS.has(status) || location === undefined) {
      return { url, status, headers: response.headers, redirects, response };
    }
    response.destroy();
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

async function checkHop(url: URL, from: URL | undefined, policy: TargetPolicy) {
  try {
    return await checkPublicTarget(url, policy);
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
