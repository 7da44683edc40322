/**
 * What deep research costs in wall time against a model with a fixed latency per call: a deep
 * run (plan, 3 sub-questions researched at once, synthesis) versus a quick run, and versus the
 * same deep run with its sub-questions one after another (--parallel 1), in the same process.
 * Every model call takes LATENCY_MS; each research run makes a search call and writes its
 * report (2 calls). Run: node bench/deep-research.bench.ts [rounds=3] [latencyMs=100]
 * Target: deep at 3 at once takes at most 0.7 of the one-after-another time (ideal: 4/8 calls).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from "@ai-sdk/provider";
import { MockLanguageModelV4 } from "ai/test";
import { parseExploreRequest } from "../src/config/explore-request.ts";
import type { ResolvedModel } from "../src/models/resolve-model.ts";
import { deepResearch } from "../src/research/explore/deep/deep-workflow.ts";
import { prepareExploration } from "../src/research/explore/prepare-exploration.ts";
import { researchExploration } from "../src/research/explore/research-exploration.ts";
import { newExplorePayload } from "../src/research/explore/run-explore-inline.ts";
import { LocalStore } from "../src/store/local-store.ts";

const ROUNDS = Number(process.argv[2] ?? 3);
const LATENCY_MS = Number(process.argv[3] ?? 100);
const TARGET = 0.7;
const QUESTIONS = ["Who has the problem?", "How big is the market?", "Who competes?"];

const usage = {
  inputTokens: { total: 2_000, noCache: 2_000, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 300, text: 300, reasoning: 0 },
};
const text = (t: string): LanguageModelV4GenerateResult => ({
  content: [{ type: "text", text: t }],
  finishReason: { unified: "stop", raw: "end_turn" },
  usage,
  warnings: [],
});

/** Answers by what is asked: the plan as JSON, a search then a report, the synthesis. */
async function answer(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
  await sleep(LATENCY_MS);
  const prompt = JSON.stringify(options.prompt);
  if (prompt.includes("You are a research lead")) {
    return text(
      JSON.stringify({
        subQuestions: QUESTIONS.map((question) => ({ question, reason: "needed" })),
      }),
    );
  }
  if (prompt.includes("you write the final report")) return text("# Report\n\nAll findings.");
  if (!prompt.includes("tool-result")) {
    return {
      content: [
        { type: "tool-call", toolCallId: "c1", toolName: "web_search", input: '{"query":"q"}' },
      ],
      finishReason: { unified: "tool-calls", raw: "tool_use" },
      usage,
      warnings: [],
    };
  }
  return text("# Findings\n\nSomething [found](https://example.com/1).");
}

const model: ResolvedModel = {
  model: new MockLanguageModelV4({ doGenerate: answer }),
  provider: "openai-compatible",
  modelId: "bench-model",
  supportsServerWebSearch: false,
  price: undefined,
};

const root = mkdtempSync(join(tmpdir(), "deep-bench-"));
const store = new LocalStore({ root });
const deps = {
  store,
  model,
  search: async () => [{ title: "Page", url: "https://example.com/1", snippet: "A page." }],
  logSink: () => {},
};
const inline = { do: <T>(_: string, fn: () => Promise<T>) => fn() };

/** CPU the runner itself spends (the fake model only sleeps), summed per depth. */
const cpu = { quick: 0, deep: 0 };

async function timed(depth: "quick" | "deep", parallel: number): Promise<number> {
  const payload = newExplorePayload(
    parseExploreRequest({ idea: "Bench idea", depth, parallel, force: true }),
  );
  const plan = await prepareExploration(payload, store);
  if (plan.action !== "explore") throw new Error("the bench idea is already explored");
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  if (depth === "quick") await researchExploration(payload, plan, deps);
  else await deepResearch(deps, { payload, plan, step: inline, reportProgress: () => {} });
  const used = process.cpuUsage(cpuBefore);
  cpu[depth] += (used.user + used.system) / 1000;
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const quick: number[] = [];
const parallel: number[] = [];
const serial: number[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    quick.push(await timed("quick", 1));
    parallel.push(await timed("deep", 3));
    serial.push(await timed("deep", 1));
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
const ms = (x: number) => `${x.toFixed(0)} ms`;
const ratio = median(parallel) / median(serial);
console.log(`model latency ${LATENCY_MS} ms per call, median of ${ROUNDS} rounds`);
console.log(`quick:                        ${ms(median(quick))} (2 calls)`);
console.log(`deep, 3 sub-questions at once: ${ms(median(parallel))} (8 calls, 4 in a row)`);
console.log(`deep, one after another:       ${ms(median(serial))} (8 calls in a row)`);
console.log(`deep / quick: ${(median(parallel) / median(quick)).toFixed(2)}`);
console.log(
  `deep at once / one after another: ${ratio.toFixed(2)} (target <= ${TARGET}: ${ratio <= TARGET ? "met" : "MISSED"})`,
);
// Quick makes 2 calls a round; deep 8 a round, twice (at once and one after another).
const quickCpu = cpu.quick / (ROUNDS * 2);
const deepCpu = cpu.deep / (ROUNDS * 16);
console.log(
  `runner CPU per model call: quick ${quickCpu.toFixed(1)} ms, deep ${deepCpu.toFixed(1)} ms (deep / quick ${(deepCpu / quickCpu).toFixed(2)})`,
);
