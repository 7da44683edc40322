import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ResearchTask } from "./tasks.ts";

/** The checkout's command, as `npm run idea-explorer` runs it (with Node's compile cache). */
const CLI = fileURLToPath(new URL("../../bin/idea-explorer.js", import.meta.url));

/** What one task's run left behind: the CLI's answer, and the files it committed. */
export interface TaskRun {
  task: ResearchTask;
  exitCode: number | null;
  /** The CLI's `--json` result (or its error object); undefined when stdout held no JSON. */
  result?: Record<string, unknown>;
  /** The last line the CLI wrote on stderr: the one-line error when the run failed. */
  lastStderrLine: string;
  /** The committed exploration-log.json's last entry, and research.md, when the run wrote them. */
  logEntry?: Record<string, unknown>;
  research?: string;
  /** The exploration's folder, when kept (`keep`) and the run wrote one. */
  folder?: string;
  /** From start to exit of the CLI process, as measured here. */
  elapsedMs: number;
}

/**
 * Runs one task as a user does: `idea-explorer explore "<idea>" --mode M --json` in a fresh
 * ideas folder of its own, with this process's environment (the model's key and base URL)
 * and `exploreArgs` (model, provider, limits). The folder is deleted once its files are read,
 * unless `keep`.
 */
export async function runTask(
  task: ResearchTask,
  exploreArgs: string[],
  options: { keep?: boolean } = {},
): Promise<TaskRun> {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), "idea-explorer-eval-")));
  let kept = false;
  try {
    const args = [
      CLI,
      "explore",
      task.idea,
      "--mode",
      task.mode,
      ...(task.context ? ["--context", task.context] : []),
      "--repo",
      base,
      "--json",
      ...exploreArgs,
    ];
    const started = performance.now();
    const { code, stdout, stderr } = await run(args, {
      cwd: base,
      // A plain folder, never a git repository that happens to enclose the temporary folder.
      env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(base) },
    });
    const elapsedMs = Math.round(performance.now() - started);
    const result = parseJson(stdout);
    const folder = typeof result?.folder === "string" ? path.join(base, result.folder) : undefined;
    kept = Boolean(options.keep && folder);
    return {
      task,
      exitCode: code,
      result,
      lastStderrLine: stderr.trim().split("\n").at(-1) ?? "",
      logEntry: folder ? lastLogEntry(path.join(folder, "exploration-log.json")) : undefined,
      research: folder ? readIfThere(path.join(folder, "research.md")) : undefined,
      elapsedMs,
      ...(kept ? { folder } : {}),
    };
  } finally {
    if (!kept) await rm(base, { recursive: true, force: true });
  }
}

function run(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
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
  });
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function readIfThere(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

function lastLogEntry(file: string): Record<string, unknown> | undefined {
  const text = readIfThere(file);
  const entries = text === undefined ? undefined : (JSON.parse(text) as unknown);
  const last = Array.isArray(entries) ? entries.at(-1) : undefined;
  return last && typeof last === "object" ? (last as Record<string, unknown>) : undefined;
}
