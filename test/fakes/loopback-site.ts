import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Route = (request: IncomingMessage, response: ServerResponse) => unknown;

/** A loopback HTTP site for tests: routes by path, records what was asked. */
export interface LoopbackSite {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  requests: { path: string; headers: IncomingMessage["headers"] }[];
  route(path: string, handler: Route): void;
  close(): Promise<void>;
}

export async function startLoopbackSite(routes: Record<string, Route> = {}): Promise<LoopbackSite> {
  const table = new Map(Object.entries(routes));
  const requests: LoopbackSite["requests"] = [];
  const server = createServer(async (request, response) => {
    const path = request.url ?? "/";
    requests.push({ path, headers: request.headers });
    const handler = table.get(path.split("?")[0] ?? path);
    if (!handler) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    await handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    route: (path, handler) => void table.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers `body` with a content type. */
export function serve(
  contentType: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Route {
  return (_request, response) => {
    response.writeHead(200, { "content-type": contentType, ...headers }).end(body);
  };
}

/** Answers a redirect to `location`. */
export function redirect(location: string, status = 302): Route {
  return (_request, response) => {
    response.writeHead(status, { location }).end();
  };
}

/**
 * Streams `chunk` forever, honouring backpressure, and counts what it managed to send: a reader
 * that buffered everything would never finish.
 */
export function endless(contentType: string, chunk: Buffer, sent: { bytes: number }): Route {
  return (_request, response) => {
    response.writeHead(200, { "content-type": contentType });
    const pump = () => {
      while (!response.destroyed) {
        sent.bytes += chunk.length;
        if (!response.write(chunk)) return void response.once("drain", pump);
      }
    };
    pump();
  };
}

/** Sends headers (and optionally a first chunk), then never finishes. */
export function stall(contentType?: string, first?: string): Route {
  return (_request, response) => {
    if (contentType === undefined) return;
    response.writeHead(200, { "content-type": contentType });
    if (first !== undefined) response.write(first);
  };
}
