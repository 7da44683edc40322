import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { priceFor } from "../../src/models/price-source.ts";
import type { ModelPrice } from "../../src/models/pricing.ts";
import {
  block,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { deepRequests } from "../helpers/deep-requests.ts";
import { runCli } from "../helpers/run-cli.ts";
import { EARLIER_PATH, GIT_IDENTITY, solarIdeasRepo } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/** Deep research through the CLI and the real Anthropic provider: plan, parallel runs, synthesis. */

const QUESTIONS = ["Who has the problem?", "How big is the market?", "Who competes?"];
const hit = (n: number) => ({ url: `https://source${n}.example/page`, title: `Source ${n}` });
const LATENCY_MS = 300;

let fake: FakeAnthropicServer;
let repo: TempTree;
beforeEach(async () => {
  fake = await startFakeAnthropic();
  repo = await solarIdeasRepo();
});
afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

const { plan: PLAN, isPlan, isSynthesis, subQuestionOf } = deepRequests(QUESTIONS);

/** Each sub-question searches once and cites its own page; the synthesis cites all of them. */
function answers(options: { failing?: number; keepsReading?: boolean } = {}) {
  const times = new Map<number, { start: number; end: number }>();
  fake.setHandler(async (request) => {
    if (isPlan(request)) return reply.text(PLAN);
    if (isSynthesis(request)) {
      const cited = QUESTIONS.map((_, i) => i + 1)
        .filter((n) => n !== options.failing)
        .map((n) => `Fact ${n} holds.[[cite]](${hit(n).url})`);
      return reply.text(
        `# Deep report\n\n${cited.join(" ")} And [[cite]](https://invented.example).`,
      );
    }
    const n = subQuestionOf(request);
    const start = Date.now();
    await sleep(LATENCY_MS);
    times.set(n, { start: times.get(n)?.start ?? start, end: Date.now() });
    if (n === options.failing) return reply.error(400, "invalid_request_error", "boom");
    if (options.keepsReading) {
      return request.body.tool_choice?.type === "none"
        ? reply.text(`# Finding ${n}\n\nRead what there was.`)
        : reply.toolUse(
            "read_research",
            { path: "x/research.md" },
            { usage: { input_tokens: 30_000, output_tokens: 100 } },
          );
    }
    return reply.webSearch(`query ${n}`, [hit(n)], {
      answer: [block.text(`# Finding ${n}\n\nFact ${n} holds.`, [block.cite(hit(n), "fact")])],
    });
  });
  return times;
}

/**
 * Every sub-question keeps reading: its tool steps cost `toolStep`, its closing call (tools
 * off) 2,000 + 100 tokens; the plan costs 1,000 + 100; the synthesis writes as long as its
 * max_tokens allows.
 */
function budgetAnswers(options: { toolStep: { input_tokens: number; output_tokens: number } }) {
  fake.setHandler((request) => {
    if (isPlan(request)) {
      return reply.text(PLAN, { usage: { input_tokens: 1_000, output_tokens: 100 } });
    }
    if (isSynthesis(request)) {
      return reply.text("# Deep report\n\nWhat was found.", {
        usage: { output_tokens: request.body.max_tokens },
      });
    }
    return request.body.tool_choice?.type === "none"
      ? reply.text(`# Finding ${subQuestionOf(request)}\n\nRead what there was.`, {
          usage: { input_tokens: 2_000, output_tokens: 100 },
        })
      : reply.toolUse("read_research", { path: "x/research.md" }, { usage: options.toolStep });
  });
}

function folderFile(name: string): string {
  const folder = readdirSync(path.join(repo.dir, "ideas")).find((f) => f.includes("couriers"));
  return readFileSync(path.join(repo.dir, "ideas", folder as string, name), "utf8");
}
const log = () => JSON.parse(folderFile("exploration-log.json"))[0];

/** The default model's price, and what a call of `input` and `output` tokens costs at it. */
const price = priceFor("anthropic", "claude-sonnet-5-5") as ModelPrice;
const usdOf = (input: number, output: number) =>
  (input * price.inputPerMTok + output * price.outputPerMTok) / 1_000_000;

const explore = (...args: string[]) =>
  runCli(["explore", "Bicycle couriers for pharmacies", "--depth", "deep", ...args], {
    cwd: repo.dir,
    env: { ...fake.env, ...GIT_IDENTITY },
  });

describe("deep research", () => {
  it("plans with a schema, researches sub-questions at once and cites them with one numbering", async () => {
    const times = answers();
    const run = await explore();
    expect(run.code, run.stderr).toBe(0);

    const plan = fake.requests.find(isPlan);
    expect(JSON.stringify(plan?.body)).toContain('"subQuestions"');
    // The planner sees the repository's earlier research (so the plan can build on it).
    expect(JSON.stringify(plan?.body.messages)).toContain(`- ${EARLIER_PATH}`);
    // Three sub-runs of 300 ms each, run at once: they overlap instead of following each other.
    const spans = [...times.values()];
    expect(spans).toHaveLength(3);
    const wall = Math.max(...spans.map((s) => s.end)) - Math.min(...spans.map((s) => s.start));
    expect(wall).toBeLessThan(2 * LATENCY_MS);

    const synthesis = fake.requests.filter(isSynthesis);
    expect(synthesis).toHaveLength(1);
    const prompt = JSON.stringify(synthesis[0]?.body.messages);
    for (const n of [1, 2, 3]) expect(prompt).toContain(`Fact ${n} holds.[[cite]](${hit(n).url})`);

    const research = folderFile("research.md");
    for (const n of [1, 2, 3])
      expect(research).toContain(`Fact ${n} holds.[[${n}]](${hit(n).url})`);
    expect(research).not.toContain("invented.example");
    expect(run.stderr).toContain("Plan: 3 sub-questions, 3 at a time");
    expect(run.stderr).toMatch(/\[2\/3\] started: How big is the market\?/);
    expect(run.stderr).toMatch(/\[2\/3\] searched "query 2"/);
    expect(run.stderr).toMatch(/\[2\/3\] done: 1 steps/);
    expect(log().deep).toMatchObject({
      parallel: 3,
      plan: QUESTIONS.map((question) => ({ question })),
      subQuestions: QUESTIONS.map((question) => ({ question, outcome: "covered", sources: 1 })),
    });
  });

  it("--parallel 1 researches one sub-question after another", async () => {
    const times = answers();
    const run = await explore("--parallel", "1");
    expect(run.code, run.stderr).toBe(0);
    const spans = [...times.values()].sort((a, b) => a.start - b.start);
    for (let i = 1; i < spans.length; i++) {
      expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    }
  });

  it("retries a failing sub-question once, reports it as not covered and goes on", async () => {
    answers({ failing: 2 });
    const run = await explore();
    expect(run.code, run.stderr).toBe(0);
    expect(fake.requests.filter((r) => subQuestionOf(r) === 2)).toHaveLength(2);
    expect(run.stderr).toMatch(/\[2\/3\] failed .*trying once more/);
    const research = folderFile("research.md");
    expect(research).toMatch(
      /Not covered.*\n(>\n)?> - How big is the market\? \(failed twice: .*boom/,
    );
    expect(log().deep.subQuestions[1]).toMatchObject({ outcome: "not_covered", attempts: 2 });
  });

  /*
   * What the budgets can promise. A call's size is known only once it is answered, so a
   * sub-question stops using tools at the first call that reaches its share (that call may pass
   * it) and then makes one closing call that writes its findings. What the research passes its
   * 80% by comes out of the synthesis's 20%: the synthesis is one call whose input (the
   * findings) is fixed, so its output is capped to what the budget has left after that input
   * (never below 1,024 tokens: a report is always written). The whole run therefore stays
   * within the budget whenever the research's overshoot leaves the synthesis its input and
   * those 1,024 tokens, as here; a single call bigger than that cannot be prevented, only
   * stopped after. The synthesis below writes as long as it is allowed (max_tokens), the
   * worst case its cap must hold.
   */
  it("a token budget stops the sub-questions, caps the synthesis, and the run stays within it", async () => {
    budgetAnswers({ toolStep: { input_tokens: 27_000, output_tokens: 100 } });
    const run = await explore("--token-budget", "100000", "--max-steps", "10");
    expect(run.code, run.stderr).toBe(0);
    // Each share is (100,000 - 1,100 for the plan) × 80% / 3 = 26,373 tokens: the first tool
    // step (27,100) reaches it, so no second one starts; then the closing call.
    for (const n of [1, 2, 3]) {
      expect(fake.requests.filter((r) => subQuestionOf(r) === n)).toHaveLength(2);
    }
    const synthesis = fake.requests.find(isSynthesis);
    // 100,000 - 1,100 - 3 × (27,100 + 2,100) = 11,300 left, less the synthesis's own input.
    expect(synthesis?.body.max_tokens).toBeLessThan(11_300);
    expect(log()).toMatchObject({ stoppedBy: "token_budget" });
    expect(log().tokens.total).toBeLessThanOrEqual(100_000);
    expect(log().tokens.total).toBeGreaterThan(99_000);
    expect(folderFile("research.md")).toContain("# Deep report");
  });

  it("--max-cost counts every call of the run: sub-questions stop, the synthesis is capped", async () => {
    // A tool step of 35,000 + 100 tokens costs a little more than each sub-question's share of
    // (limit - the plan's cost) × 80% / 3.
    const [plan, toolStep, closing] = [usdOf(1_000, 100), usdOf(35_000, 100), usdOf(2_000, 100)];
    const limit = Number((plan + (0.95 * 3 * toolStep) / 0.8).toFixed(2));
    expect(toolStep).toBeGreaterThan(((limit - plan) * 0.8) / 3);
    budgetAnswers({ toolStep: { input_tokens: 35_000, output_tokens: 100 } });
    const run = await explore(
      "--max-cost",
      String(limit),
      "--token-budget",
      "1000000",
      "--max-steps",
      "10",
    );
    expect(run.code, run.stderr).toBe(0);
    for (const n of [1, 2, 3]) {
      expect(fake.requests.filter((r) => subQuestionOf(r) === n)).toHaveLength(2);
    }
    // What the plan and three sub-questions (a tool step and a closing call each) left.
    const left = limit - plan - 3 * (toolStep + closing);
    const synthesis = fake.requests.find(isSynthesis);
    expect(synthesis?.body.max_tokens).toBeLessThan(left / usdOf(0, 1));
    expect(log()).toMatchObject({ stoppedBy: "cost_budget", cost: { priced: true } });
    // The same promise as the token budget's (see above), in dollars.
    expect(log().cost.usd).toBeLessThanOrEqual(limit);
    expect(log().cost.usd).toBeGreaterThan(limit - 0.01);
    expect(folderFile("research.md")).toContain("# Deep report");
  });

  it("counts a failed attempt's tokens and cost in the budgets and the log's totals", async () => {
    const usage = { input_tokens: 1_000, output_tokens: 100 };
    let second = 0;
    fake.setHandler((request) => {
      if (isPlan(request)) return reply.text(PLAN, { usage });
      if (isSynthesis(request)) return reply.text("# Deep report\n\nAll found.", { usage });
      const n = subQuestionOf(request);
      if (n !== 2) return reply.text(`# Finding ${n}\n\nFact ${n}.`, { usage });
      second += 1;
      // The first attempt reads (5,100 tokens, paid), then its next call fails; the retry works.
      if (second === 1) {
        return reply.toolUse(
          "read_research",
          { path: "x/research.md" },
          { usage: { input_tokens: 5_000, output_tokens: 100 } },
        );
      }
      if (second === 2) return reply.error(400, "invalid_request_error", "boom");
      return reply.text("# Finding 2\n\nFact 2.", { usage });
    });
    const run = await explore();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/\[2\/3\] failed .*boom.*trying once more/);
    // Plan, three covered runs and the synthesis at 1,100 each, and the failed read's 5,100.
    expect(log().tokens.total).toBe(5 * 1_100 + 5_100);
    expect(log().steps).toBe(5 + 1);
    const usd = usdOf(5 * 1_000 + 5_000, 5 * 100 + 100);
    expect(log().cost.usd).toBeCloseTo(usd, 6);
    expect(log().deep.subQuestions[1]).toMatchObject({
      outcome: "covered",
      attempts: 2,
      steps: 2,
      tokens: { total: 1_100 + 5_100 },
      failedAttempts: { steps: 1, tokens: { input: 5_000, output: 100, total: 5_100 } },
    });
  });

  it("skips the sub-questions not started once the budget is spent", async () => {
    answers({ keepsReading: true });
    const run = await explore("--token-budget", "20000", "--parallel", "1");
    expect(run.code, run.stderr).toBe(0);
    expect(fake.requests.filter((r) => subQuestionOf(r) > 1)).toHaveLength(0);
    expect(run.stderr).toMatch(/\[3\/3\] skipped: the run's budget was spent/);
    expect(folderFile("research.md")).toMatch(
      /> - Who competes\? \(skipped: the run's budget was spent before it started\)/,
    );
    expect(log().deep.subQuestions[2]).toMatchObject({ outcome: "skipped", attempts: 0 });
  });

  it("refuses a bad --depth in one line naming the flag", async () => {
    const run = await explore("--depth", "deeper");
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(/--depth.*"quick" or "deep"/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("deep research within --timeout", () => {
  it("bounds the whole run: sub-questions that hang end in time and the report is still written", async () => {
    fake.setHandler(async (request) => {
      if (isPlan(request)) return reply.text(PLAN);
      if (isSynthesis(request)) return reply.text("# Deep report\n\nWhat could be found.");
      return reply.hang();
    });
    const started = Date.now();
    const run = await explore("--timeout", "10s");
    const took = Date.now() - started;
    expect(run.code, run.stderr).toBe(0);
    // 8 s for the research (80% of the limit), then the synthesis: not 2 attempts × 10 s each.
    expect(took).toBeLessThan(15_000);
    expect(fake.requests.filter((r) => subQuestionOf(r) > 0)).toHaveLength(3);
    expect(folderFile("research.md")).toContain("What could be found.");
    expect(log().deep.subQuestions.map((q: { outcome: string }) => q.outcome)).toEqual([
      "not_covered",
      "not_covered",
      "not_covered",
    ]);
  }, 30_000);
});
