import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface ApiPrefixProxy {
  /** The web root, as GITHUB_SERVER_URL gives it on GitHub Enterprise Server. */
  serverUrl: string;
  /** `${serverUrl}/api/v3`, as GITHUB_API_URL gives it there. */
  apiUrl: string;
  /** Paths asked for under /api/v3, in order. */
  paths: string[];
  close(): Promise<void>;
}

/**
 * GitHub Enterprise Server's shape in front of a fake that serves the API at its root: the API
 * under /api/v3 on the web host. Anything else is 404, so a client that ignores GITHUB_API_URL's
 * path gets nowhere.
 */
export async function startApiPrefixProxy(target: string): Promise<ApiPrefixProxy> {
  const paths: string[] = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    if (!url.startsWith("/api/v3/")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end('{"message":"Not Found"}');
      return;
    }
    paths.push(url);
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: url.slice("/api/v3".length),
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    serverUrl,
    apiUrl: `${serverUrl}/api/v3`,
    paths,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
