/**
 * Service bench: requests per second and p99 latency of POST /api/explore and GET /api/jobs/:id
 * under concurrent load over loopback, each next to a bare Hono route doing the same HTTP work in
 * the same run (the ratio is what to watch, not the absolute numbers), and the memory and disk a
 * queued job costs. POST goes through the real submit use case: the duplicate check against an
 * ideas folder holding IDEA_FOLDERS earlier explorations, then the durable enqueue.
 * Run: node bench/service.bench.ts [requests=3000] [concurrency=64]
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Hono } from "hono";
import { openJobDatabase } from "../src/jobs/job-database.ts";
import { createJobRunner } from "../src/jobs/job-runner.ts";
import { submitExplore } from "../src/research/explore/explore-service.ts";
import { createApp } from "../src/server/create-app.ts";
import { startServer } from "../src/server/start-server.ts";
import { LocalStore } from "../src/store/local-store.ts";

setFlagsFromString("--expose-gc");

const IDEA_FOLDERS = 300;

/** An ideas folder with earlier explorations, so the duplicate check has real work to do. */
function ideasRepository(parent: string): LocalStore {
  const root = join(parent, "ideas-repo");
  for (let i = 0; i < IDEA_FOLDERS; i++) {
    const folder = join(root, "ideas", `2026-01-01-earlier-idea-${i}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "research.md"), `---\nfingerprint: f${i}\n---\n\n# Idea ${i}\n`);
    // The completion mark: without it a plain folder's exploration does not count.
    writeFileSync(join(folder, "exploration-log.json"), "[]\n");
  }
  return new LocalStore({ root });
}
const gc = runInNewContext("gc") as () => void;

interface LoadResult {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
}

async function load(
  name: string,
  requests: number,
  concurrency: number,
  send: (i: number) => Promise<Response>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const i = next++;
      const start = performance.now();
      const response = await send(i);
      await response.arrayBuffer();
      if (response.status >= 300) throw new Error(`${name}: HTTP ${response.status}`);
      latencies.push(performance.now() - start);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - began) / 1_000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { name, requests, perSecond: requests / seconds, p50: at(0.5), p99: at(0.99) };
}

export async function runServiceBench(requests = 3_000, concurrency = 64): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "service-bench-"));
  const token = "bench-token-0123456789abcdef";
  const db = openJobDatabase({ dataDir: dir });
  // Not started: submitted jobs stay queued, so the bench measures the API, not a workflow.
  const jobs = createJobRunner({ db, workflows: {} });
  const store = ideasRepository(dir);
  const app = createApp({
    jobs,
    auth: { tokens: [token] },
    submitExplore: submitExplore(jobs, store),
    readResearch: async () => undefined,
    rateLimit: false,
  });
  const bare = new Hono();
  bare.post("/bare", async (c) =>
    c.json({ received: Object.keys(await c.req.json()).length }, 202),
  );
  bare.get("/bare/:id", (c) => c.json({ id: c.req.param("id") }));

  const service = await startServer({ app, port: 0, authRequired: true });
  const baseline = await startServer({ app: bare, port: 0, authRequired: false });
  const headers = { "Content-Type": "application/json", Authorization: `Bearer ${token}` };
  const body = (i: number) => JSON.stringify({ idea: `bench idea number ${i}`, mode: "business" });
  try {
    const post = (url: string) => (i: number) =>
      fetch(url, { method: "POST", headers, body: body(i) });
    await load("warm-up", 300, concurrency, post(`${service.url}/api/explore`));
    await load("warm-up", 300, concurrency, post(`${baseline.url}/bare`));
    const id = jobs.list({ limit: 1 }).jobs[0]?.id ?? "";
    const get = (url: string) => () => fetch(url, { headers });

    const results = [
      await load("bare POST /bare", requests, concurrency, post(`${baseline.url}/bare`)),
      await load("POST /api/explore", requests, concurrency, post(`${service.url}/api/explore`)),
      await load("bare GET /bare/:id", requests, concurrency, get(`${baseline.url}/bare/${id}`)),
      await load("GET /api/jobs/:id", requests, concurrency, get(`${service.url}/api/jobs/${id}`)),
    ];
    const memory = await measureQueuedJobCost(dir, store);
    return report(results, memory, requests, concurrency);
  } finally {
    await service.close();
    await baseline.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A full collection after a turn of the event loop, so V8's short-lived caches are dropped too. */
async function settledHeap(): Promise<void> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc();
}

/** Heap and database bytes per queued job, measured over many enqueues on a fresh database. */
async function measureQueuedJobCost(parent: string, store: LocalStore) {
  const count = 3_000;
  const dir = join(parent, "memory");
  const db = openJobDatabase({ dataDir: dir });
  const jobs = createJobRunner({ db, workflows: {} });
  const submit = submitExplore(jobs, store);
  const submitMany = async (n: number, from: number) => {
    for (let i = from; i < from + n; i++) {
      await submit({
        request: {
          idea: `a queued idea number ${i} with a typical length of a sentence or two`,
          mode: "business",
          update: false,
          force: false,
          maxSteps: 5,
          tokenBudget: 100_000,
          collectToolStats: false,
        },
        webhook: undefined,
        tokenId: "tok_bench",
      });
    }
  };
  // Warm up first: compiling the submit path grows the heap once, not per job.
  await submitMany(500, count);
  await settledHeap();
  const before = process.memoryUsage();
  const sizeBefore = statSync(join(dir, "jobs.sqlite")).size;
  const began = performance.now();
  await submitMany(count, 0);
  const submitMs = (performance.now() - began) / count;
  await settledHeap();
  const after = process.memoryUsage();
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  const sizeAfter = statSync(join(dir, "jobs.sqlite")).size;
  db.close();
  return {
    count,
    // Jobs are rows, not objects: the heap does not grow with the queue (noise can read below 0).
    heapPerJob: Math.max(0, (after.heapUsed - before.heapUsed) / count),
    diskPerJob: (sizeAfter - sizeBefore) / count,
    submitMs,
  };
}

function report(
  results: LoadResult[],
  memory: Awaited<ReturnType<typeof measureQueuedJobCost>>,
  requests: number,
  concurrency: number,
): string {
  const row = (r: LoadResult) =>
    `${r.name.padEnd(22)} ${r.perSecond.toFixed(0).padStart(8)} req/s   p50 ${r.p50.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms`;
  const [barePost, post, bareGet, get] = results as [
    LoadResult,
    LoadResult,
    LoadResult,
    LoadResult,
  ];
  const ratio = (service: LoadResult, bare: LoadResult) =>
    `${((service.perSecond / bare.perSecond) * 100).toFixed(0)}% of bare throughput, p99 x${(service.p99 / bare.p99).toFixed(2)}`;
  return [
    `service bench: ${requests} requests per route, ${concurrency} concurrent, loopback HTTP/1.1 (auth on, ${IDEA_FOLDERS} earlier ideas in the repository)`,
    ...results.map(row),
    `POST /api/explore: ${ratio(post, barePost)}`,
    `GET /api/jobs/:id: ${ratio(get, bareGet)}`,
    `queued job (${memory.count} enqueued): heap ${memory.heapPerJob.toFixed(0)} B/job (queued jobs live in SQLite), ` +
      `database ${memory.diskPerJob.toFixed(0)} B/job`,
    // Why POST trails the bare route: a 202 promises a durable job, so each enqueue is a
    // synchronous=FULL commit (an fsync of the WAL) on the event loop.
    `one submit on its own (duplicate check + durable insert): ${memory.submitMs.toFixed(2)} ms`,
  ].join("\n");
}

if (import.meta.main) {
  const [requests, concurrency] = process.argv.slice(2).map(Number);
  console.log(await runServiceBench(requests || undefined, concurrency || undefined));
}
