import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from "@ai-sdk/provider";
import { MockLanguageModelV4 } from "ai/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseExploreRequest } from "../../../config/explore-request.ts";
import type { JobProgress, Json } from "../../../jobs/workflow.ts";
import type { ResolvedModel } from "../../../models/resolve-model.ts";
import { LocalStore } from "../../../store/local-store.ts";
import { prepareExploration } from "../prepare-exploration.ts";
import { newExplorePayload } from "../run-explore-inline.ts";
import { type DeepResearchContext, deepResearch } from "./deep-workflow.ts";

const QUESTIONS = ["Who has the problem?", "Who competes?", "What would it cost?"];
const text = (t: string): LanguageModelV4GenerateResult => ({
  content: [{ type: "text", text: t }],
  finishReason: { unified: "stop", raw: "end_turn" },
  usage: {
    inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 10, text: 10, reasoning: 0 },
  },
  warnings: [],
});
const planOf = (questions: readonly string[]) =>
  JSON.stringify({ subQuestions: questions.map((question) => ({ question, reason: "r" })) });

/** A model whose plan answers come from `plans` in turn; every call is kept in `prompts`. */
function mockModel(plans: readonly string[] = [planOf(QUESTIONS)]) {
  const prompts: string[] = [];
  let planCalls = 0;
  const model: ResolvedModel = {
    model: new MockLanguageModelV4({
      doGenerate: async (options: LanguageModelV4CallOptions) => {
        const prompt = JSON.stringify(options.prompt);
        prompts.push(prompt);
        if (prompt.includes("You are a research lead")) {
          return text(plans[Math.min(planCalls++, plans.length - 1)] as string);
        }
        return text(prompt.includes("you write the final report") ? "# Report" : "# Finding");
      },
    }),
    provider: "openai-compatible",
    modelId: "mock",
    supportsServerWebSearch: false,
    price: undefined,
  };
  return { model, prompts };
}

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "deep-workflow-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function runDeep(model: ResolvedModel, observe?: DeepResearchContext["observe"]) {
  const store = new LocalStore({ root });
  const payload = newExplorePayload(parseExploreRequest({ idea: "Bench idea", depth: "deep" }));
  const plan = await prepareExploration(payload, store);
  if (plan.action !== "explore") throw new Error("expected a new exploration");
  const steps: string[] = [];
  const progress: JobProgress[] = [];
  const outcome = deepResearch(
    { store, model, logSink: () => {} },
    {
      payload,
      plan,
      step: {
        do: async <T extends Json>(name: string, fn: () => Promise<T>) => {
          steps.push(name);
          return fn();
        },
      },
      reportProgress: (p) => progress.push(p),
      ...(observe ? { observe } : {}),
    },
  );
  return { outcome, steps, progress };
}

it("runs as the steps plan, sub-question-N and synthesis, reporting each as a progress message", async () => {
  const run = await runDeep(mockModel().model);
  const outcome = await run.outcome;
  expect(run.steps).toEqual([
    "plan",
    "sub-question-1",
    "sub-question-2",
    "sub-question-3",
    "synthesis",
  ]);
  expect(run.progress[0]).toMatchObject({
    step: "plan",
    message: expect.stringMatching(/^Plan: 3 sub-questions/),
  });
  expect(run.progress).toContainEqual({
    step: "sub-question-2",
    message: "[2/3] started: Who competes?",
  });
  expect(run.progress).toContainEqual({
    step: "sub-question-1",
    message: expect.stringMatching(/^\[1\/3\] done: 1 steps, 110 tokens, 0 sources$/),
  });
  // Every call counts: the plan, three sub-questions and the synthesis.
  expect(outcome).toMatchObject({ steps: 5, usage: { totalTokens: 550 }, report: "# Report" });
});

it("shows each sub-question's model calls to an observer, by its step's name", async () => {
  const seen: { name: string; tokens: number }[] = [];
  const run = await runDeep(mockModel().model, {
    toolCall: () => {},
    step: (name, progress) => seen.push({ name, tokens: progress.totalTokens }),
  });
  await run.outcome;
  expect(seen.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
    { name: "sub-question-1", tokens: 110 },
    { name: "sub-question-2", tokens: 110 },
    { name: "sub-question-3", tokens: 110 },
  ]);
});

/*
 * The plan's 3–6 bound is in the schema the model gets; a plan off it is sent back once with
 * what was wrong, then the run fails before any research is paid for (plan.ts says why).
 */
describe("a plan with too few or too many sub-questions", () => {
  it("is sent back once with what was wrong, and the repaired plan is used", async () => {
    const model = mockModel([planOf(QUESTIONS.slice(0, 2)), planOf(QUESTIONS)]);
    const run = await runDeep(model.model);
    const outcome = await run.outcome;
    const plans = model.prompts.filter((p) => p.includes("You are a research lead"));
    expect(plans).toHaveLength(2);
    expect(plans[1]).toContain("That plan cannot be used: it had 2 sub-questions.");
    expect(plans[1]).toContain("with 3 to 6 sub-questions");
    expect(outcome.deep?.plan.map((q) => q.question)).toEqual(QUESTIONS);
    // The repair is a paid call: it counts as the plan's.
    expect(outcome.deep?.planning).toMatchObject({ steps: 2, tokens: { total: 220 } });
  });

  it("fails the run in one line when the repaired plan is still off, before any research", async () => {
    const seven = Array.from({ length: 7 }, (_, i) => `Question ${i + 1}?`);
    const model = mockModel([planOf(seven)]);
    const run = await runDeep(model.model);
    await expect(run.outcome).rejects.toThrow(
      /^The model's research plan was unusable twice \(it had 7 sub-questions\); a deep run needs 3 to 6 sub-questions: try again, or another model$/,
    );
    expect(model.prompts).toHaveLength(2);
    expect(run.steps).toEqual(["plan"]);
  });
});
