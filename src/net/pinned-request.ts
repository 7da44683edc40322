import type { IncomingMessage } from "node:http";
import type { LookupFunction } from "node:net";
import { ACCEPTED_ENCODINGS } from "./capped-body.ts";
import { connectionFailed, type NetError } from "./net-error.ts";
import type { CheckedTarget } from "./public-target.ts";
import type { Transport } from "./transport.ts";

export interface PinnedGetOptions {
  headers: Record<string, string>;
  /** Aborts the connection, the request and the response body; rejects with signal.reason. */
  signal: AbortSignal;
}

/**
 * The Node transport: node:http(s) connected to the checked addresses only. It asks for the
 * encodings readCappedBody undoes while streaming (the caller's headers may replace the list).
 */
export const pinnedTransport: Transport = {
  pinsAddresses: true,
  async get(target, request) {
    const headers = { "accept-encoding": ACCEPTED_ENCODINGS, ...request.headers };
    const response = await pinnedGet(target, { headers, signal: request.signal });
    return { status: response.statusCode ?? 0, headers: response.headers, body: response };
  },
};

/**
 * One GET to an already-checked target. The socket connects only to the checked addresses (the
 * lookup is pinned), while TLS still verifies the certificate against the URL's host name.
 * node:http never follows redirects by itself, and `agent: false` keeps sockets (and their
 * pinned addresses) from being reused by another request. node:http and node:https load with the
 * first request: a command that only lists the web_fetch tool (a dry run) does not wait for them.
 */
export async function pinnedGet(
  target: CheckedTarget,
  options: PinnedGetOptions,
): Promise<IncomingMessage> {
  const { url } = target;
  const { default: transport } =
    url.protocol === "https:" ? await import("node:https") : await import("node:http");
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const request = transport.request(url.href, {
      method: "GET",
      agent: false,
      lookup: pinnedLookup(target),
      headers: options.headers,
    });
    const onAbort = () => {
      request.destroy();
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    request.on("response", (response) => {
      signal.removeEventListener("abort", onAbort);
      if (signal.aborted) {
        response.destroy();
        return reject(signal.reason);
      }
      // From here the caller owns the body; an abort must still tear it down.
      const stop = () => response.destroy(signal.reason);
      signal.addEventListener("abort", stop, { once: true });
      response.once("close", () => signal.removeEventListener("abort", stop));
      resolve(response);
    });
    request.on("error", (error) => {
      signal.removeEventListener("abort", onAbort);
      if (signal.aborted) return reject(signal.reason);
      reject(connectionError(url, error));
    });
    request.end();
  });
}

/** Connects only to the checked addresses (of the family the socket asks for). */
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
    const addresses = target.addresses.filter((a) => !wanted || a.family === wanted);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(new Error("no checked address"), "");
    callback(null, first.address, first.family);
  };
}

function connectionError(url: URL, error: Error): NetError {
  return connectionFailed(url, (error as NodeJS.ErrnoException).code);
}
