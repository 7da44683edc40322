import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** How the interview is started: the real command line. */
export const INTERVIEW_COMMAND = [path.join(REPO, "src/cli/main.ts"), "interview"];

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the interview CLI as a child process with `input` piped to stdin (then closed), in a
 * clean environment holding only what the test passes.
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
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input);
  });
}
