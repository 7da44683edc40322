/**
 * Runs the benchmarks: every bench/*.bench.ts, or only those named on the command line
 * (`npm run bench -- agent-overhead tool-search`). Each runs in its own Node process (the
 * same binary as this one, so the pinned Node 24) so one bench's JIT state and heap cannot
 * skew another's; its report is printed as it comes. Exits non-zero if a bench crashes.
 * A bench states its own targets ("met" / "MISSED") in its report.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const SUFFIX = ".bench.ts";

function discover(): string[] {
  return readdirSync(BENCH_DIR)
    .filter((name) => name.endsWith(SUFFIX))
    .sort();
}

function select(all: string[], wanted: string[]): string[] {
  if (wanted.length === 0) return all;
  const byName = new Map(all.map((file) => [basename(file, SUFFIX), file]));
  const unknown = wanted.filter((w) => !byName.has(basename(w, SUFFIX)));
  if (unknown.length) {
    console.error(
      `Unknown bench: ${unknown.join(", ")}. Available: ${[...byName.keys()].join(", ")}`,
    );
    process.exit(2);
  }
  return wanted.map((w) => byName.get(basename(w, SUFFIX)) as string);
}

function run(file: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(BENCH_DIR, file)], { stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const files = select(discover(), process.argv.slice(2));
const failed: string[] = [];
for (const file of files) {
  console.log(`\n== ${basename(file, SUFFIX)} ==`);
  const started = performance.now();
  const code = await run(file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code !== 0) failed.push(file);
  console.log(
    `-- ${basename(file, SUFFIX)}: ${code === 0 ? "done" : `FAILED (exit ${code})`} in ${seconds} s`,
  );
}
if (failed.length) {
  console.error(`\n${failed.length} of ${files.length} benches failed: ${failed.join(", ")}`);
  process.exitCode = 1;
} else {
  console.log(`\nAll ${files.length} benches ran.`);
}
