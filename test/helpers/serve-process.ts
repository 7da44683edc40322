/**
 * Test support: `idea-explorer serve` as a user starts it (the installed bin, a child process),
 * plus the small HTTP helpers the end-to-end tests share: JSON calls and an SSE reader.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";

const BIN = path.resolve(import.meta.dirname, "../../bin/idea-explorer.js");

/** A git identity for commits made by a child whose HOME holds no git config. */
export const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: "Serve Test",
  GIT_AUTHOR_EMAIL: "serve@example.test",
  GIT_COMMITTER_NAME: "Serve Test",
  GIT_COMMITTER_EMAIL: "serve@example.test",
};

/** Runs git in `repo` with the test identity; returns its stdout. */
export function git(repo: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd: repo,
    env: { ...process.env, ...GIT_IDENTITY },
  }).toString();
}

/** A new git repository at `repo` with one empty commit, as an ideas repository starts. */
export function initIdeasRepo(repo: string): string {
  mkdirSync(repo, { recursive: true });
  git(repo, "init", "-q");
  git(repo, "commit", "-q", "--allow-empty", "-m", "start");
  return repo;
}

export interface ServeProcess {
  /** http://127.0.0.1:<port>, as the command printed it. */
  url: string;
  child: ChildProcess;
  stderr(): string;
  /** SIGKILL: no clean-up runs, exactly like a crash or an OOM kill. */
  kill9(): Promise<void>;
  /** SIGTERM: the clean stop a user's Ctrl+C or a service manager does. */
  stop(): Promise<number | null>;
}

export interface ServeOptions {
  cwd: string;
  /** The child's whole environment besides PATH and HOME: nothing leaks in from the test's. */
  env?: Record<string, string>;
  /** PATH for the child (default the test's): lets a test put a wrapper in front of git. */
  path?: string;
}

/** Starts `serve` on a free port and resolves once it printed its URL. */
export function startServeProcess(args: string[], options: ServeOptions): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", ...args], {
    cwd: options.cwd,
    env: { PATH: options.path ?? process.env.PATH ?? "", HOME: options.cwd, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (url) =>
      resolve({
        url,
        child,
        stderr: () => stderr,
        kill9: async () => {
          child.kill("SIGKILL");
          await exited;
        },
        stop: async () => {
          child.kill("SIGTERM");
          return exited;
        },
      }),
    );
    void exited.then((code) =>
      reject(new Error(`serve exited ${code} before listening: ${stderr}`)),
    );
  });
}

export interface ServeRun {
  code: number | null;
  stderr: string;
}

/**
 * Runs `serve` expecting it to refuse to start; resolves with its exit code and stderr. A serve
 * that neither exits nor prints its URL within `timeoutMs` (e.g. one left listening after a
 * start-up error) is killed, so a failing test leaves no server behind.
 */
export function runServeToExit(
  args: string[],
  options: ServeOptions,
  timeoutMs = 15_000,
): Promise<ServeRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "serve", ...args], {
      cwd: options.cwd,
      env: { PATH: options.path ?? process.env.PATH ?? "", HOME: options.cwd, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const refuse = (why: string) => {
      child.kill("SIGKILL");
      reject(new Error(`serve ${why} but was expected to refuse: ${stderr}`));
    };
    const timer = setTimeout(() => refuse(`was still running after ${timeoutMs} ms`), timeoutMs);
    child.stdout.once("data", () => refuse("started listening"));
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await jsonBody(response) };
}

export async function getJson(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, body: await jsonBody(response) };
}

/** The answer's JSON; an answer that is not JSON fails with what it was, to tell the cause. */
async function jsonBody(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`HTTP ${response.status} answered with no JSON: ${text.slice(0, 500)}`);
  }
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/**
 * Reads a job's event stream until `until` accepts an event (default: the stream's end), then
 * leaves. Resolves with every event seen, in order.
 */
export async function readEvents(
  url: string,
  until: (event: SseEvent) => boolean = () => false,
  headers: Record<string, string> = {},
): Promise<SseEvent[]> {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal, headers });
  if (!response.body) throw new Error(`no event stream from ${url}`);
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const event = parseSse(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
        if (!event) continue;
        events.push(event);
        if (until(event)) return events;
      }
    }
  } finally {
    abort.abort();
  }
  return events;
}

function parseSse(block: string): SseEvent | undefined {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) event = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
  }
  return data.length ? { event, data: JSON.parse(data.join("\n")) } : undefined;
}
