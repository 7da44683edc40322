import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Comparison, compare, comparisonTable } from "./compare.ts";
import { type TaskMetrics, taskMetrics } from "./metrics.ts";
import { type EvalOptions, parseEvalOptions, recordedArgs, USAGE, UsageError } from "./options.ts";
import { runTask } from "./run-task.ts";
import { resultTable } from "./table.ts";
import { loadTasks, type ResearchTask } from "./tasks.ts";
import { type Totals, totals } from "./totals.ts";

/**
 * `npm run eval:research`: the fixed research tasks run through the CLI with the configured
 * model, one temporary ideas folder each; a table on stdout (or the JSON with --json), the
 * result in a JSON file, and deltas against an earlier file with --compare. A task that fails
 * is reported and the others go on. Exit 0 when at least one task completed, 1 when none did,
 * 2 for a bad command line.
 */
export interface EvalResult {
  format: 1;
  startedAt: string;
  endedAt: string;
  /** The model the runs' logs name (the first completed task's), else the --model given. */
  model: string | null;
  exploreArgs: string[];
  tasks: TaskMetrics[];
  totals: Totals;
  comparison?: Comparison;
}

const RESULTS = fileURLToPath(new URL("./results/", import.meta.url));

async function main(argv: string[]): Promise<number> {
  const options = parseEvalOptions(argv);
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const before = options.compare ? readResult(options.compare) : undefined;
  const tasks = chooseTasks(loadTasks(), options);
  const startedAt = new Date();
  /** Why no further task starts, once one has a reason. */
  let stopped: string | undefined;
  // Ctrl+C reaches the running CLI too, which stops and commits nothing: no task starts after it.
  process.on("SIGINT", () => {
    stopped = "interrupted";
  });
  const runs = await inPool(tasks, options.parallel, async (task, i) => {
    if (stopped) return undefined;
    process.stderr.write(`[${i + 1}/${tasks.length}] ${task.id} (${task.mode})...\n`);
    const run = await runTask(task, options.exploreArgs, { keep: options.keep });
    if (run.exitCode === 130 || run.exitCode === 143) stopped = "interrupted";
    // Exit 2 is the configuration or command line, which every task shares.
    if (run.exitCode === 2) stopped = "the CLI refused the configuration";
    const metrics = taskMetrics(run);
    process.stderr.write(
      `[${i + 1}/${tasks.length}] ${task.id}: ${metrics.status === "ok" ? "ok" : `failed: ${metrics.error?.message}`} (${(run.elapsedMs / 1000).toFixed(1)} s)\n`,
    );
    return metrics;
  });
  const measured = runs.filter((m): m is TaskMetrics => m !== undefined);
  const result: EvalResult = {
    format: 1,
    startedAt: startedAt.toISOString(),
    endedAt: new Date().toISOString(),
    model: modelOf(measured, options),
    exploreArgs: recordedArgs(options.exploreArgs),
    tasks: measured,
    totals: totals(measured),
    ...(before ? { comparison: compare(measured, before.tasks, options.compare ?? "") } : {}),
  };
  const out = options.out ?? path.join(RESULTS, resultName(startedAt, result.model));
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  if (options.json) console.log(JSON.stringify(result, null, 2));
  else {
    const lines = resultTable(result.tasks, result.totals);
    if (result.comparison) lines.push("", ...comparisonTable(result.comparison));
    console.log(
      [
        `${result.tasks.length} research tasks with ${result.model ?? "the default model"}`,
        "",
        ...lines,
      ].join("\n"),
    );
  }
  const skipped = tasks.length - measured.length;
  if (stopped && skipped)
    process.stderr.write(`${stopped}: ${skipped} of ${tasks.length} tasks not run\n`);
  process.stderr.write(`wrote ${out}\n`);
  return result.totals.completed > 0 ? 0 : 1;
}

function chooseTasks(all: ResearchTask[], options: EvalOptions): ResearchTask[] {
  const unknown = options.only?.filter((id) => !all.some((task) => task.id === id));
  if (unknown?.length) throw new UsageError(`no task named ${unknown.join(", ")} in tasks.json`);
  const chosen = all.filter(
    (task) =>
      (!options.only || options.only.includes(task.id)) &&
      (!options.mode || task.mode === options.mode),
  );
  return chosen.slice(0, options.tasks ?? chosen.length);
}

/** The model the logs name; the --model flag when no task completed. */
function modelOf(tasks: TaskMetrics[], options: EvalOptions): string | null {
  const logged = tasks.find((task) => task.model)?.model;
  const flag = options.exploreArgs[options.exploreArgs.indexOf("--model") + 1];
  return logged ?? (options.exploreArgs.includes("--model") ? (flag ?? null) : null);
}

function resultName(startedAt: Date, model: string | null): string {
  const stamp = startedAt.toISOString().slice(0, 16).replace("T", "-").replace(":", "");
  const slug = (model ?? "default-model").replace(/[^A-Za-z0-9._-]+/g, "-");
  return `${stamp}-${slug}.json`;
}

function readResult(file: string): EvalResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new UsageError(`--compare ${file}: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== "object" || !Array.isArray((parsed as EvalResult).tasks)) {
    throw new UsageError(`--compare ${file}: not a result file of this eval`);
  }
  return parsed as EvalResult;
}

/** Runs `work` over `items`, at most `limit` at once, results in the items' order. */
async function inPool<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`eval:research: ${error.message}\n${USAGE}\n`);
  process.exitCode = 2;
}
