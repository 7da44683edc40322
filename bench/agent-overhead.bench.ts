/**
 * The agent runner's own cost: a 5-step exploration (4 tool steps, then the report) against a
 * zero-latency in-process model, `runAgent` versus a bare `generateText` loop with the same
 * tools and step limit. The two alternate in rounds (order swapped every round, a full GC
 * before each block, so neither pays for the other's garbage); the median round is reported. Run: node bench/agent-overhead.bench.ts [rounds=25] [runsPerRound=40]
 * Target: ratio <= 1.10.
 */

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { LanguageModelV4GenerateResult } from "@ai-sdk/provider";
import { generateText, isStepCount, type ToolSet } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { runAgent } from "../src/agent/run-agent.ts";
import { createReadResearchTool } from "../src/tools/read-research.ts";
import { createToolExecutor } from "../src/tools/tool-executor.ts";
import { createWebSearchTool } from "../src/tools/web-search.ts";
import { memoryReader } from "../test/helpers/research-tools.ts";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const ROUNDS = Number(process.argv[2] ?? 25);
const RUNS_PER_ROUND = Number(process.argv[3] ?? 40);
const STEPS = 5;
const TARGET = 1.1;
const PRIOR = "2026-01-02-solar-dryers/research.md";
const SYSTEM = "You are a research analyst. ".repeat(40);

const usage = {
  inputTokens: { total: 1200, noCache: 1200, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 80, text: 80, reasoning: 0 },
};

function toolStep(n: number, toolName: string, input: unknown): LanguageModelV4GenerateResult {
  return {
    content: [
      { type: "text", text: `Step ${n}: let me look.` },
      { type: "tool-call", toolCallId: `call-${n}`, toolName, input: JSON.stringify(input) },
    ],
    finishReason: { unified: "tool-calls", raw: "tool_use" },
    usage,
    warnings: [],
  };
}

const script: LanguageModelV4GenerateResult[] = [
  toolStep(1, "read_research", { path: PRIOR }),
  toolStep(2, "web_search", { query: "solar dryer market" }),
  toolStep(3, "read_research", { path: PRIOR }),
  toolStep(4, "web_search", { query: "solar dryer competitors" }),
  {
    content: [{ type: "text", text: `# Report\n\n${"A finding with a source. ".repeat(60)}` }],
    finishReason: { unified: "stop", raw: "end_turn" },
    usage,
    warnings: [],
  },
];

/** A fresh model per run: its script restarts, and both sides pay the same construction. */
const model = () => new MockLanguageModelV4({ doGenerate: [...script] });

const silent = () => {};
const tools: ToolSet = {
  read_research: createReadResearchTool(
    createToolExecutor(
      memoryReader({ [PRIOR]: `# Solar dryers\n\n${"Earlier notes. ".repeat(200)}` }),
    ),
    { onToolCall: silent, log: silent },
  ),
  web_search: createWebSearchTool({
    search: async (query) =>
      Array.from({ length: 5 }, (_, i) => ({
        title: `Result ${i} for ${query}`,
        url: `https://example.com/${i}`,
        snippet: "A snippet of the page.",
      })),
    onToolCall: silent,
  }),
};

async function bare(): Promise<void> {
  const result = await generateText({
    model: model(),
    system: SYSTEM,
    prompt: "Explore: solar food dryers",
    tools,
    stopWhen: isStepCount(STEPS),
    maxOutputTokens: 16_384,
  });
  if (result.steps.length !== STEPS) throw new Error(`bare loop ran ${result.steps.length} steps`);
}

async function agent(): Promise<void> {
  const run = await runAgent({
    model: model(),
    instructions: SYSTEM,
    prompt: "Explore: solar food dryers",
    tools,
    collectToolStats: true,
    limits: { maxSteps: STEPS },
  });
  if (run.steps !== STEPS || run.sources.length === 0) throw new Error("runAgent run is wrong");
}

/**
 * CPU milliseconds per run (user + system, this process): on a shared machine wall time mostly
 * measures the neighbours, while the CPU a run burns is what the runner adds.
 */
async function msPerRun(fn: () => Promise<void>, runs: number): Promise<number> {
  gc();
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / runs;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

await msPerRun(bare, RUNS_PER_ROUND * 2); // warm-up: JIT both paths before timing
await msPerRun(agent, RUNS_PER_ROUND * 2);
const bareRounds: number[] = [];
const agentRounds: number[] = [];
const ratios: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const agentFirst = round % 2 === 1;
  const a0 = agentFirst ? await msPerRun(agent, RUNS_PER_ROUND) : 0;
  const b = await msPerRun(bare, RUNS_PER_ROUND);
  const a = agentFirst ? a0 : await msPerRun(agent, RUNS_PER_ROUND);
  bareRounds.push(b);
  agentRounds.push(a);
  ratios.push(a / b);
}

const ratio = median(ratios);
const ms = (x: number) => `${x.toFixed(3)} ms`;
console.log(
  `agent-overhead: ${STEPS}-step exploration, zero-latency model, ${ROUNDS} rounds x ${RUNS_PER_ROUND} runs`,
);
console.log(
  `  bare generateText loop  ${ms(median(bareRounds))} CPU per run  ${ms(median(bareRounds) / STEPS)} per step`,
);
console.log(
  `  runAgent                ${ms(median(agentRounds))} CPU per run  ${ms(median(agentRounds) / STEPS)} per step`,
);
console.log(`  ratio runAgent/bare     ${ratio.toFixed(3)} (median of rounds)`);
console.log(`  target ratio <= ${TARGET.toFixed(2)}: ${ratio <= TARGET ? "met" : "MISSED"}`);
