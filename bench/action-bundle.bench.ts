/**
 * The single-file build that `init github` commits for the intake workflow: its size (what each
 * set-up or upgrade adds to the ideas repository, raw and as git stores it, zlib-compressed), and
 * the start-up of the workflow's step: `node <bundle> --version` and `node <bundle> issues --help`
 * as whole processes, with the step before it (sha256sum of the bundle), each next to a bare
 * `node -e 0` timed in the same rounds; the ratio is what to watch on a busy machine. The bundle
 * is built first, as `npm run build` builds it. A fresh runner has no compile cache, so none is
 * used here either.
 * Run: node bench/action-bundle.bench.ts [rounds=11]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync, gzipSync } from "node:zlib";
import { ACTION_BUNDLE_FILE, buildActionBundle } from "../scripts/build-action-bundle.ts";

const ROUNDS = Number(process.argv[2] ?? 11);
const NODE = process.execPath;

interface Case {
  name: string;
  command: string;
  args: string[];
}

const built = await buildActionBundle();
const bytes = readFileSync(ACTION_BUNDLE_FILE);
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
console.log(
  `bundle: ${mib(bytes.length)} raw, ${mib(deflateSync(bytes, { level: 9 }).length)} as a git object (zlib), ${mib(gzipSync(bytes, { level: 9 }).length)} gzipped; ${built.inputs.length} modules`,
);

// Outside any repository, with no package.json near: what the runner's workspace looks like.
const work = mkdtempSync(join(tmpdir(), "action-bundle-bench-"));
const env = { PATH: process.env.PATH ?? "", HOME: work, NODE_DISABLE_COMPILE_CACHE: "1" };
const cases: Case[] = [
  { name: "bare node -e 0", command: NODE, args: ["-e", "0"] },
  { name: "sha256sum bundle", command: "sha256sum", args: [ACTION_BUNDLE_FILE] },
  { name: "bundle --version", command: NODE, args: [ACTION_BUNDLE_FILE, "--version"] },
  { name: "bundle issues --help", command: NODE, args: [ACTION_BUNDLE_FILE, "issues", "--help"] },
];

function runOnce(c: Case): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(c.command, c.args, { cwd: work, env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`${c.name} failed (exit ${code}): ${stderr.trim()}`));
      else resolve(performance.now() - started);
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
try {
  // One warm-up round fills the file-system cache; it is not counted.
  for (const c of cases) await runOnce(c);
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) times.get(c.name)!.push(await runOnce(c));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const bare = median(times.get("bare node -e 0")!);
console.log(`Node ${process.version}, wall: median of ${ROUNDS} rounds`);
for (const c of cases) {
  const ms = median(times.get(c.name)!);
  console.log(
    `  ${c.name.padEnd(22)} ${ms.toFixed(0).padStart(5)} ms ${(ms / bare).toFixed(1).padStart(5)}x bare`,
  );
}
const step = median(times.get("sha256sum bundle")!) + median(times.get("bundle --version")!);
console.log(
  `The check step and the bundle's start: about ${step.toFixed(0)} ms, ${(step / bare).toFixed(1)}x a bare node (a fresh runner, no compile cache)`,
);
