import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback model gateway that refuses every request with 401 and echoes back what it was
 * sent, as misconfigured proxies and debugging gateways do: the x-api-key or Authorization
 * header and the full URL it was called at, query included, plus any text a test adds (to
 * stand for an upstream that repeats other credentials). The body has the error shape both the
 * Anthropic and the OpenAI-compatible providers read (`error.message`), so the real providers
 * carry the echo into their errors, as they would in production.
 */
export interface EchoingGateway {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Requests answered so far. */
  requests: number;
  close(): Promise<void>;
}

export async function startEchoingGateway(
  options: { alsoEcho?: string } = {},
): Promise<EchoingGateway> {
  const state = { requests: 0 };
  const server = createServer((request, response) => {
    state.requests += 1;
    request.resume();
    const url = `http://${request.headers.host}${request.url}`;
    const { authorization, "x-api-key": key } = request.headers;
    const message = [
      ...(key ? [`invalid x-api-key: ${key}`] : []),
      ...(authorization ? [`invalid authorization: ${authorization}`] : []),
      `at ${url}`,
      ...(options.alsoEcho ? [options.alsoEcho] : []),
    ].join("; ");
    const body = JSON.stringify({
      type: "error",
      error: { type: "authentication_error", message, code: "invalid_api_key" },
    });
    response.writeHead(401, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
