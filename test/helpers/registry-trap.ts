import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** Package managers a workflow step could reach for; each one here only records that it was. */
const PACKAGE_MANAGERS = ["npm", "npx", "pnpm", "yarn", "corepack"];

export interface RegistryTrap {
  /** PATH (this test's Node as `node`, then recording package managers, then the system's) and
   * every registry and proxy setting pointed at a loopback recorder. */
  env: Record<string, string>;
  /** Every package manager started and every request the recorder got, in order. */
  attempts(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A runner with the registries out of reach, that remembers who tried: `node` is the test's own
 * (what setup-node would put first on PATH), `npm`, `npx` and kin log their command line and fail,
 * and the npm, Yarn and pnpm registries and the HTTP(S) proxy Node honours are a loopback server
 * that records each request and answers 503. Loopback hosts (the fakes) bypass the proxy.
 */
export async function startRegistryTrap(): Promise<RegistryTrap> {
  const dir = await mkdtemp(path.join(tmpdir(), "registry-trap-"));
  const bin = path.join(dir, "bin");
  const log = path.join(dir, "package-managers.log");
  await writeFile(log, "");
  await mkdir(bin);
  await symlink(process.execPath, path.join(bin, "node"));
  for (const name of PACKAGE_MANAGERS) {
    const shim = path.join(bin, name);
    await writeFile(shim, `#!/bin/sh\necho "${name} $*" >> "${log}"\nexit 1\n`);
    await chmod(shim, 0o755);
  }
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.headers.host ?? ""}${req.url ?? ""}`);
    res.writeHead(503).end();
  });
  // HTTPS through a proxy starts with CONNECT, which is not a request event.
  server.on("connect", (req, socket) => {
    requests.push(`CONNECT ${req.url ?? ""}`);
    socket.end("HTTP/1.1 503 Service Unavailable\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const recorder = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      PATH: `${bin}:/usr/bin:/bin`,
      npm_config_registry: `${recorder}/`,
      YARN_NPM_REGISTRY_SERVER: recorder,
      NPM_CONFIG_REGISTRY: `${recorder}/`,
      NODE_USE_ENV_PROXY: "1",
      HTTP_PROXY: recorder,
      HTTPS_PROXY: recorder,
      NO_PROXY: "127.0.0.1,localhost",
    },
    attempts: async () => [
      ...(await readFile(log, "utf8")).split("\n").filter(Boolean),
      ...requests.map((r) => `request ${r}`),
    ],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
