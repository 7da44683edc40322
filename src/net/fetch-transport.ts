import type { IncomingHttpHeaders } from "node:http";
import { connectionFailed } from "./net-error.ts";
import type { Transport } from "./transport.ts";
import { WebBody } from "./web-body.ts";

/**
 * The runtime's own `fetch` as a transport, for runtimes where node:http cannot be pinned to an
 * address: workerd (the Cloudflare Worker) does not implement node:http's `lookup` option and
 * has no DNS API, and connects by itself. Redirects come back unfollowed (`redirect: "manual"`)
 * so fetchPublic checks each target first; the runtime asks for and undoes the content encoding.
 *
 * What protects it, since the address it connects to cannot be checked: every hop's URL is
 * checked before its request (checkTargetByName: the scheme, literal IP addresses in private,
 * loopback, link-local and metadata ranges, `localhost`, metadata names and other private-use
 * names, the operator's private allow list; the deny and allow lists come before, on the URL
 * asked for). On Cloudflare, a Worker's subrequests go out through Cloudflare's edge, which does
 * not fetch IP addresses directly and reaches private networks only through explicit bindings
 * (Workers VPC over a Cloudflare Tunnel), none of which this Worker declares; see
 * docs/web-fetch.md, "Worker". A public-looking host name that resolves to a private address is
 * NOT checked here: outside Cloudflare (local `wrangler dev`, Node) use pinnedTransport.
 */
export const fetchTransport: Transport = {
  pinsAddresses: false,
  async get(target, { headers, signal }) {
    if (signal.aborted) throw signal.reason;
    let response: Response;
    try {
      response = await fetch(target.url.href, {
        method: "GET",
        headers: withoutAcceptEncoding(headers),
        redirect: "manual",
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw connectionFailed(target.url, codeOf(error));
    }
    return {
      status: response.status,
      headers: headersOf(response.headers),
      body: new WebBody(response, signal),
    };
  },
};

/** The runtime chooses the encodings it can undo; a caller's list might name others. */
function withoutAcceptEncoding(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.toLowerCase() !== "accept-encoding"),
  );
}

function headersOf(headers: Headers): IncomingHttpHeaders {
  const plain: IncomingHttpHeaders = {};
  headers.forEach((value, name) => {
    plain[name] = value;
  });
  return plain;
}

/** Node's fetch puts the socket's code (ECONNREFUSED) on the error's cause; workerd has none. */
function codeOf(error: unknown): unknown {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return cause?.code ?? (error as { code?: unknown } | null)?.code;
}
