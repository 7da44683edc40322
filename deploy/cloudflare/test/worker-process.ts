import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

const PACKAGE = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

export interface WorkerProcess {
  url: string;
  /** Everything the dev script and wrangler printed so far. */
  output(): string;
  /** kill -9 of wrangler and workerd together (the process group): no chance to clean up. */
  kill(): Promise<void>;
  /** SIGTERM, as Ctrl+C or a supervisor stops it. */
  close(): Promise<void>;
}

/** A free loopback port (wrangler needs one given; 0 is not passed on to workerd). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * `npm run cloudflare:dev` as a user starts it (the dev script under the pinned Node), on a free
 * port and a given persistence folder, resolved once the Worker answers /api/health.
 */
export async function startWorkerProcess(options: {
  env: Record<string, string>;
  persistTo: string;
  port?: number;
  timeoutMs?: number;
}): Promise<WorkerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [
      path.join(PACKAGE, "scripts", "dev.ts"),
      "--port",
      String(port),
      "--persist-to",
      options.persistTo,
    ],
    {
      cwd: PACKAGE,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Worker exited at start:\n${printed}`);
    if (Date.now() > deadline) {
      killGroup(child, "SIGKILL");
      throw new Error(`the Worker did not answer within the start timeout:\n${printed}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.status < 500 || response.status === 503,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => printed,
    kill: () => stopped(child, "SIGKILL"),
    close: () => stopped(child, "SIGTERM"),
  };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  killGroup(child, signal);
  const late = setTimeout(() => killGroup(child, "SIGKILL"), 10_000);
  await exited;
  clearTimeout(late);
  // workerd may outlive the dev script by a moment; the group kill reaches it too.
  if (signal === "SIGKILL") await new Promise((resolve) => setTimeout(resolve, 200));
}
