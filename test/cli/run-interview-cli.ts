import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** How the interview is started: the installed bin, as a user runs it. */
export const INTERVIEW_COMMAND = [path.join(REPO, "bin/idea-explorer.js"), "interview"];

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The run was killed for outliving its time limit (a hang): `code` is then null. */
  timedOut: boolean;
}

/** Below vitest's test timeout, so a hanging CLI fails its test instead of outliving it. */
const DEFAULT_TIME_LIMIT_MS = 20_000;

/**
 * Runs the interview CLI as a child process with `input` piped to stdin (then closed), in a
 * clean environment holding only what the test passes. With `interruptAfter`, stdin stays open
 * and the process gets SIGINT (or `interruptWith`) once its stdout contains that text (Ctrl+C in
 * a pipeline).
 * A run that outlives `timeLimitMs` is killed and reported as timed out.
 */
export function runInterviewCli(
  args: string[],
  options: {
    input: string;
    env: Record<string, string>;
    cwd: string;
    /** Run as this user (the test runs as root): for permission checks root would bypass. */
    uid?: number;
    gid?: number;
    interruptAfter?: string;
    /** The signal `interruptAfter` sends (default SIGINT). */
    interruptWith?: NodeJS.Signals;
    timeLimitMs?: number;
  },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...INTERVIEW_COMMAND, ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "", HOME: options.cwd, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
      ...(options.uid === undefined ? {} : { uid: options.uid }),
      ...(options.gid === undefined ? {} : { gid: options.gid }),
    });
    let stdout = "";
    let stderr = "";
    let interrupted = false;
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS);
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (options.interruptAfter && !interrupted && stdout.includes(options.interruptAfter)) {
        interrupted = true;
        child.kill(options.interruptWith ?? "SIGINT");
      }
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) => {
      clearTimeout(limit);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(limit);
      resolve({ code, stdout, stderr, timedOut });
    });
    if (options.interruptAfter) child.stdin.write(options.input);
    else child.stdin.end(options.input);
  });
}

/** The line a session ends with: what it cost (a Sonnet-priced fake, so always in dollars). */
export const SESSION_COST = /\nSession cost: \$\d+(\.\d+)?\n$/;

/** The output without that last line, for tests about everything before it. */
export function withoutCost(stdout: string): string {
  return stdout.replace(/Session cost: \$\d+(\.\d+)?\n$/, "");
}
