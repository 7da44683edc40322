/**
 * Start-up bench: how long `idea-explorer` takes from spawn to exit (or, for `mcp`, to its answer
 * to `initialize`) and its peak memory, as whole processes, next to a bare `node -e 0` timed in
 * the same rounds: the ratio is what to watch on a busy machine. Each round runs every case once,
 * in turn, so a load spike hits them alike; the figure is the median of the rounds. Peak RSS comes
 * from /usr/bin/time (or, without it, from the child's own resource usage at exit), and the CPU
 * time each process used (user + system, reported by the child at exit) is printed beside: on a
 * machine busy with other work the wall time of a short process grows more than a long one's, so
 * the CPU ratios are the steadier reading of the same targets.
 * Run: node bench/startup.bench.ts [rounds=11]
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROUNDS = Number(process.argv[2] ?? 11);
const RESOURCE_ROUNDS = 5;
const BIN = fileURLToPath(new URL("../bin/idea-explorer.js", import.meta.url));
const NODE = process.execPath;
const TIME = "/usr/bin/time";
const MB = 1024 * 1024;

/**
 * The targets. The times are for a machine where a bare `node -e 0` takes REFERENCE_BARE_MS;
 * each is judged as that ratio to the bare node of this run, so a slower or busier machine
 * scales them alike (the absolute figures are printed too).
 */
const REFERENCE_BARE_MS = 26;
const TARGETS = {
  /** --version and --help, as a multiple of a bare `node -e 0`. */
  wallRatio: 3,
  peakMb: 70,
  /** `explore --dry-run` (issue 23), as a multiple of a bare `node -e 0`. */
  dryRunRatio: 10,
  mcpInitializeMs: 400,
  launcherMs: 60,
};

interface Case {
  name: string;
  command: string;
  args: string[];
  /** Timed to the first line on stdout (a request's answer) rather than to exit. */
  request?: string;
}

interface Run {
  ms: number;
  peakBytes?: number;
  cpuMs?: number;
}

const work = mkdtempSync(join(tmpdir(), "startup-bench-"));
// No key, no GitHub, no search backend: what a user's first try looks like; a dry run needs none.
const env = { PATH: process.env.PATH ?? "", HOME: work };

/** The first `node` on PATH that is Node 20, the system Node the launcher hands over from. */
function node20(): string | undefined {
  let candidates: string[] = [];
  try {
    candidates = execFileSync("which", ["-a", "node"], { encoding: "utf8" }).split("\n");
  } catch {}
  for (const candidate of [...candidates, "/usr/bin/node"]) {
    if (!candidate || !existsSync(candidate)) continue;
    try {
      const version = execFileSync(candidate, ["--version"], { encoding: "utf8" }).trim();
      if (version.startsWith("v20.")) return candidate;
    } catch {}
  }
  return undefined;
}

const INITIALIZE = `${JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "startup-bench", version: "1.0.0" },
  },
})}\n`;

/**
 * A preload that writes, at exit, the process's CPU time in ms and (for want of /usr/bin/time) its
 * peak RSS in kilobytes, as /usr/bin/time reports it, to the file REPORT_FILE names.
 */
const REPORTER = join(work, "report-resources.cjs");
// CommonJS, preloaded with --require: it starts no ES module loader that `node -e 0` would not.
writeFileSync(
  REPORTER,
  `process.on("exit", () => {
  const { user, system } = process.cpuUsage();
  require("node:fs").writeFileSync(process.env.REPORT_FILE, \`\${(user + system) / 1000} \${process.resourceUsage().maxRSS}\`);
});
`,
);

/**
 * One spawn, timed from just before spawn() to exit (or to the request's answer). With
 * `resources`, also the peak RSS and, for a process of this Node (not the launcher, whose child
 * would report too), its CPU time.
 */
function runOnce(c: Case, resources: boolean): Promise<Run> {
  const rssFile = join(work, "rss");
  const cpuFile = join(work, "cpu");
  rmSync(rssFile, { force: true });
  rmSync(cpuFile, { force: true });
  const viaTime = resources && existsSync(TIME);
  const [command, args] = viaTime
    ? [TIME, ["-f", "%M", "-o", rssFile, c.command, ...c.args]]
    : [c.command, c.args];
  const report = resources && c.command === NODE;
  const childEnv = report
    ? { ...env, NODE_OPTIONS: `--require=${REPORTER}`, REPORT_FILE: cpuFile }
    : env;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: work, env: childEnv, stdio: "pipe" });
    let answeredAt: number | undefined;
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (c.request && answeredAt === undefined && stdout.includes("\n")) {
        answeredAt = performance.now();
        child.stdin.end(); // the client leaves: the server stops
      }
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const ended = performance.now();
      if (code !== 0 || (c.request && !stdout.includes('"result"'))) {
        reject(new Error(`${c.name} failed (exit ${code}): ${stderr.trim() || stdout.trim()}`));
        return;
      }
      const run: Run = { ms: (answeredAt ?? ended) - started };
      if (report) {
        const [cpuMs, maxRssKb] = readFileSync(cpuFile, "utf8").trim().split(" ").map(Number);
        run.cpuMs = cpuMs;
        if (!viaTime) run.peakBytes = (maxRssKb ?? Number.NaN) * 1024;
      }
      if (viaTime) run.peakBytes = Number(readFileSync(rssFile, "utf8").trim()) * 1024;
      resolve(run);
    });
    if (c.request) child.stdin.write(c.request);
    else child.stdin.end();
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const system20 = node20();
const cases: Case[] = [
  { name: "bare node -e 0", command: NODE, args: ["-e", "0"] },
  { name: "--version", command: NODE, args: [BIN, "--version"] },
  // Right after --version, so that each round's difference of the two is taken under one load.
  ...(system20
    ? [{ name: "--version via Node 20", command: system20, args: [BIN, "--version"] }]
    : []),
  { name: "--help", command: NODE, args: [BIN, "--help"] },
  {
    name: "explore --dry-run",
    command: NODE,
    args: [BIN, "explore", "--dry-run", "A solar-powered food dehydrator kit"],
  },
  { name: "mcp initialize", command: NODE, args: [BIN, "mcp"], request: INITIALIZE },
];

const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
const peaks = new Map<string, number[]>(cases.map((c) => [c.name, []]));
const cpus = new Map<string, number[]>(cases.map((c) => [c.name, []]));
try {
  // One warm-up round fills the file-system cache; it is not counted.
  for (const c of cases) await runOnce(c, false);
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) times.get(c.name)!.push((await runOnce(c, false)).ms);
  }
  // Memory and CPU in rounds of their own: /usr/bin/time and the preload would add to the wall times.
  for (let round = 0; round < RESOURCE_ROUNDS; round++) {
    for (const c of cases) {
      const { peakBytes, cpuMs } = await runOnce(c, true);
      if (peakBytes !== undefined && Number.isFinite(peakBytes)) peaks.get(c.name)!.push(peakBytes);
      if (cpuMs !== undefined) cpus.get(c.name)!.push(cpuMs);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const wall = (name: string) => median(times.get(name)!);
const medianOr = (values: number[]) => (values.length ? median(values) : Number.NaN);
const peak = (name: string) => medianOr(peaks.get(name)!) / MB;
const cpu = (name: string) => medianOr(cpus.get(name)!);
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
const bare = wall("bare node -e 0");
const bareCpu = cpu("bare node -e 0");

console.log(
  `Node ${process.version}, wall: median of ${ROUNDS} rounds; CPU and peak RSS: median of ${RESOURCE_ROUNDS}`,
);
for (const c of cases) {
  const cpuText = Number.isNaN(cpu(c.name))
    ? "".padStart(24)
    : `${cpu(c.name).toFixed(0).padStart(5)} ms CPU ${(cpu(c.name) / bareCpu).toFixed(1).padStart(5)}x`;
  console.log(
    `  ${c.name.padEnd(22)} ${wall(c.name).toFixed(0).padStart(5)} ms wall ${(wall(c.name) / bare).toFixed(1).padStart(5)}x  ${cpuText}  ${peak(c.name).toFixed(0).padStart(4)} MB peak`,
  );
}
console.log("Targets:");
for (const name of ["--version", "--help"]) {
  const ratio = wall(name) / bare;
  console.log(
    `  ${name} wall ${ratio.toFixed(2)}x bare (target <= ${TARGETS.wallRatio}x): ${verdict(ratio <= TARGETS.wallRatio)}`,
  );
  const mb = peak(name);
  console.log(
    `  ${name} peak ${mb.toFixed(0)} MB (target <= ${TARGETS.peakMb} MB): ${Number.isNaN(mb) ? "not measured" : verdict(mb <= TARGETS.peakMb)}`,
  );
}
/** A time target, as its ratio to the reference bare node applied to this run's bare node. */
function timeTarget(label: string, ms: number, targetMs: number): void {
  const ratio = ms / bare;
  const targetRatio = targetMs / REFERENCE_BARE_MS;
  console.log(
    `  ${label} ${ms.toFixed(0)} ms = ${ratio.toFixed(1)}x bare (target <= ${targetMs} ms at a ${REFERENCE_BARE_MS} ms bare node, i.e. <= ${targetRatio.toFixed(1)}x bare = ${(targetRatio * bare).toFixed(0)} ms here): ${verdict(ratio <= targetRatio)}`,
  );
}
/** The issue's own form for the dry run: a multiple of the bare node of this run, wall and CPU. */
{
  const ratio = wall("explore --dry-run") / bare;
  const cpuRatio = cpu("explore --dry-run") / bareCpu;
  console.log(
    `  explore --dry-run wall ${ratio.toFixed(1)}x bare (target <= ${TARGETS.dryRunRatio}x): ${verdict(ratio <= TARGETS.dryRunRatio)}; by CPU ${cpuRatio.toFixed(1)}x bare: ${Number.isNaN(cpuRatio) ? "not measured" : verdict(cpuRatio <= TARGETS.dryRunRatio)}`,
  );
}
timeTarget("mcp answers initialize", wall("mcp initialize"), TARGETS.mcpInitializeMs);
if (system20) {
  const direct = times.get("--version")!;
  const added = median(times.get("--version via Node 20")!.map((ms, i) => ms - direct[i]!));
  timeTarget(`Node 20 launcher (${system20}) adds`, added, TARGETS.launcherMs);
} else {
  console.log("  Node 20 launcher: no Node 20 found on PATH or at /usr/bin/node, not measured");
}
