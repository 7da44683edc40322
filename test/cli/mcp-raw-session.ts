import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "../helpers/run-cli.ts";

/** A JSON-RPC message as it came off the server's stdout. */
export type WireMessage = {
  jsonrpc?: unknown;
  id?: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
};

export interface RawMcpSession {
  pid: number;
  /** Writes bytes to the server's stdin as they are: no line break added. */
  write(bytes: string): Promise<void>;
  /** The next message the server writes to stdout. */
  next(timeoutMs?: number): Promise<WireMessage>;
  /**
   * Sends a request with a fresh id and waits for its reply; `before` holds every message the
   * server wrote in between (for a malformed line sent just before: its error reply, if any).
   */
  request(method: string, params?: object): Promise<{ reply: WireMessage; before: WireMessage[] }>;
  /** stdout lines that are not JSON-RPC 2.0 messages: there must be none. */
  strayStdout: string[];
  stderr(): string;
  isRunning(): boolean;
  close(): Promise<void>;
}

/**
 * `idea-explorer mcp <args>` driven byte by byte over its stdio, the way a broken client would:
 * unlike the SDK's client, nothing here refuses to send a malformed line. Starts with the MCP
 * handshake done.
 */
export async function connectRawMcp(
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<RawMcpSession> {
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, "bin/idea-explorer.js"), "mcp", ...args],
    {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "", HOME: options.cwd, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const session = wire(child, () => stderr);
  const { reply } = await session.request("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw-test", version: "1.0.0" },
  });
  if (!reply.result) throw new Error(`initialize failed: ${JSON.stringify(reply)}`);
  await session.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  return session;
}

function wire(child: ChildProcessWithoutNullStreams, stderr: () => string): RawMcpSession {
  const received: WireMessage[] = [];
  const waiting: ((message: WireMessage) => void)[] = [];
  const strayStdout: string[] = [];
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  let partial = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      const message = parseMessage(line);
      if (!message) {
        strayStdout.push(line);
        continue;
      }
      const waiter = waiting.shift();
      if (waiter) waiter(message);
      else received.push(message);
    }
  });

  const next = (timeoutMs = 10_000) =>
    new Promise<WireMessage>((resolve, reject) => {
      const ready = received.shift();
      if (ready) return resolve(ready);
      const timer = setTimeout(() => {
        const index = waiting.indexOf(take);
        if (index >= 0) waiting.splice(index, 1);
        reject(new Error(`no message within ${timeoutMs} ms; stderr: ${stderr()}`));
      }, timeoutMs);
      const take = (message: WireMessage) => {
        clearTimeout(timer);
        resolve(message);
      };
      waiting.push(take);
    });

  const write = (bytes: string) =>
    new Promise<void>((resolve, reject) => {
      child.stdin.write(bytes, (error) => (error ? reject(error) : resolve()));
    });

  let lastId = 1000;
  return {
    pid: child.pid as number,
    write,
    next,
    async request(method, params) {
      const id = ++lastId;
      await write(
        `${JSON.stringify({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) })}\n`,
      );
      const before: WireMessage[] = [];
      for (;;) {
        const message = await next();
        if (message.id === id) return { reply: message, before };
        before.push(message);
      }
    },
    strayStdout,
    stderr,
    isRunning: () => !exited,
    close: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once("exit", () => resolve());
        child.stdin.end();
      }),
  };
}

function parseMessage(line: string): WireMessage | undefined {
  try {
    const value = JSON.parse(line) as WireMessage;
    return value && typeof value === "object" && value.jsonrpc === "2.0" ? value : undefined;
  } catch {
    return undefined;
  }
}
