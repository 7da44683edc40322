import type { MiddlewareHandler } from "hono";
import { ApiError } from "./api-error.ts";
import { isLoopbackHost } from "./loopback.ts";

/**
 * Headers a proxy or tunnel adds to what it forwards. A token-less server binds to loopback, but
 * anything on this machine that forwards to it (a reverse proxy, an SSH or ngrok tunnel, a
 * container port mapping through a proxy) would open it to everyone that proxy serves.
 */
const PROXY_HEADERS = [
  "Forwarded",
  "X-Forwarded-For",
  "X-Forwarded-Host",
  "X-Forwarded-Proto",
  "X-Real-IP",
  "Via",
];

/**
 * What a server without API tokens answers: only requests made on this machine. A request for a
 * name that is not loopback (a rebound DNS name in a browser) and one that came through a proxy
 * are refused with 403, as a request the server understood and will not serve; 421 (misdirected)
 * would invite the client to retry on another connection, which cannot help.
 */
export const loopbackOnly: MiddlewareHandler = async (c, next) => {
  if (!isLoopbackHost(new URL(c.req.url).hostname)) {
    throw new ApiError(
      403,
      "forbidden_host",
      "this server has no API token configured and answers only on localhost",
    );
  }
  const proxied = PROXY_HEADERS.find((name) => c.req.header(name) !== undefined);
  if (proxied) {
    throw new ApiError(
      403,
      "proxied_request",
      `this server has no API token configured and answers only requests made on this machine, not through a proxy (this one has ${proxied}); set IDEA_EXPLORER_API_TOKEN to serve through a proxy`,
    );
  }
  return next();
};
