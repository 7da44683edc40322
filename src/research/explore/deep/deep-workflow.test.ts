import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from "@ai-sdk/provider";
import { MockLanguageModelV4 } from "ai/test";
import { afterEach, beforeEach, expect, it } from "vitest";
import { parseExploreRequest } from "../../../config/explore-request.ts";
import type { JobProgress, Json } from "../../../jobs/workflow.ts";
import type { ResolvedModel } from "../../../models/resolve-model.ts";
import { LocalStore } from "../../../store/local-store.ts";
import { prepareExploration } from "../prepare-exploration.ts";
import { newExplorePayload } from "../run-explore-inline.ts";
import { deepResearch } from "./deep-workflow.ts";

const QUESTIONS = ["Who has the problem?", "Who competes?"];
const text = (t: string): LanguageModelV4GenerateResult => ({
  content: [{ type: "text", text: t }],
  finishReason: { unified: "stop", raw: "end_turn" },
  usage: {
    inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 10, text: 10, reasoning: 0 },
  },
  warnings: [],
});
const model: ResolvedModel = {
  model: new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions) => {
      const prompt = JSON.stringify(options.prompt);
      if (prompt.includes("You are a research lead")) {
        return text(
          JSON.stringify({
            subQuestions: QUESTIONS.map((question) => ({ question, reason: "r" })),
          }),
        );
      }
      return text(prompt.includes("you write the final report") ? "# Report" : "# Finding");
    },
  }),
  provider: "openai-compatible",
  modelId: "mock",
  supportsServerWebSearch: false,
  price: undefined,
};

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "deep-workflow-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it("runs as the steps plan, sub-question-N and synthesis, reporting each as a progress message", async () => {
  const store = new LocalStore({ root });
  const payload = newExplorePayload(parseExploreRequest({ idea: "Bench idea", depth: "deep" }));
  const plan = await prepareExploration(payload, store);
  if (plan.action !== "explore") throw new Error("expected a new exploration");
  const steps: string[] = [];
  const progress: JobProgress[] = [];
  const outcome = await deepResearch(
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
    },
  );
  expect(steps).toEqual(["plan", "sub-question-1", "sub-question-2", "synthesis"]);
  expect(progress[0]).toMatchObject({
    step: "plan",
    message: expect.stringMatching(/^Plan: 2 sub-questions/),
  });
  expect(progress).toContainEqual({
    step: "sub-question-2",
    message: "[2/2] started: Who competes?",
  });
  expect(progress).toContainEqual({
    step: "sub-question-1",
    message: expect.stringMatching(/^\[1\/2\] done: 1 steps, 110 tokens, 0 sources$/),
  });
  // Every call counts: the plan, two sub-questions and the synthesis.
  expect(outcome).toMatchObject({ steps: 4, usage: { totalTokens: 440 }, report: "# Report" });
});
