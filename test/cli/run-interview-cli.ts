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
}

/**
 * Runs the interview CLI as a child process with `input` piped to stdin (then closed), in a
 * clean environment holding only what the test passes. With `interruptAfter`, stdin stays open
 * and the process gets SIGINT once its stdout contains that text (Ctrl+C in a pipeline).
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
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (options.interruptAfter && !interrupted && stdout.includes(options.interruptAfter)) {
        interrupted = true;
        child.kill("SIGINT");
      }
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    if (options.interruptAfter) child.stdin.write(options.input);
    else child.stdin.end(options.input);
  });
}
