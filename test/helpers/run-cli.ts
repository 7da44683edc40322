import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout's root, where bin/idea-explorer.js lives. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(REPO_ROOT, "bin/idea-explorer.js");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  cwd: string;
  /** The child's whole environment besides PATH and HOME: nothing leaks in from the test's. */
  env?: Record<string, string>;
  /** Piped to stdin, then closed; without it stdin is closed at once. */
  input?: string;
  /** Close the reading end of stdout at once, as `| head -0` does. */
  closeStdout?: boolean;
}

/** Runs `idea-explorer <args>` as a user would: the installed bin, a child process, real stdio. */
export function runCli(args: string[], options: CliRunOptions): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "", HOME: options.cwd, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    if (options.closeStdout) child.stdout.destroy();
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}
