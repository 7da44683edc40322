import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { ConfigError } from "../config/config-error.ts";
import { isLoopbackHost } from "./loopback.ts";

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = "127.0.0.1";

export interface StartServerOptions {
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env type
  app: Hono<any>;
  /** 0 picks a free port (tests). */
  port?: number;
  host?: string;
  /** Whether the app requires bearer tokens; without them only a loopback host may be bound. */
  authRequired: boolean;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:8787 */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens with @hono/node-server; refuses to expose an unauthenticated API beyond loopback. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  if (!options.authRequired && !isLoopbackHost(host)) {
    throw new ConfigError(
      `refusing to listen on ${host} without an API token: set IDEA_EXPLORER_API_TOKEN or use --host 127.0.0.1`,
    );
  }
  const server = await new Promise<Server>((resolve, reject) => {
    const created = serve({ fetch: options.app.fetch, port, hostname: host }) as Server;
    created.once("listening", () => resolve(created));
    created.once("error", (error: NodeJS.ErrnoException) => reject(listenError(error, host, port)));
  });
  const bound = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        // Event streams stay open by design; end them so close() finishes.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  if (error.code === "EADDRINUSE") {
    return new ConfigError(`port ${port} on ${host} is already in use: choose another with --port`);
  }
  if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND") {
    return new ConfigError(`cannot listen on ${host}: no such local address (check --host)`);
  }
  if (error.code === "EACCES") {
    return new ConfigError(
      `not allowed to listen on port ${port}: choose a port above 1023 with --port`,
    );
  }
  return new ConfigError(`cannot listen on ${host}:${port} (${error.code ?? error.message})`);
}
