import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import {
  type FakeOpenAiCompatible,
  startFakeOpenAiCompatible,
} from "../fakes/openai-compatible-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

/**
 * Deep research's plan through an OpenAI-compatible server's structured output (Ollama,
 * llama.cpp, vLLM, LM Studio): `response_format: json_schema` with the plan's schema.
 */

let repo: TempTree;
let local: FakeOpenAiCompatible;
beforeEach(async () => {
  repo = await makeTempTree({ files: { "ideas/.keep": "" } });
  local = await startFakeOpenAiCompatible();
});
afterEach(async () => {
  await Promise.all([local.close(), repo.cleanup()]);
});

it("plans with the schema in the request, then researches each sub-question and synthesizes", async () => {
  const questions = ["Who waters plants?", "What do sensors cost?", "Who sells them?"];
  local.enqueue(
    {
      text: JSON.stringify({
        subQuestions: questions.map((question) => ({ question, reason: "needed" })),
      }),
    },
    ...questions.map((_, i) => ({ text: `# Finding ${i + 1}\n\nFinding ${i + 1}.` })),
    { text: "# Plant sensors, deeply\n\nAll three findings." },
  );
  const run = await runCli(
    [
      "explore",
      "Houseplant watering reminders from soil sensors",
      "--provider",
      "openai-compatible",
      "--base-url",
      local.url,
      "--model",
      "llama3.1:8b",
      "--depth",
      "deep",
      "--parallel",
      "1",
    ],
    { cwd: repo.dir, env: {} },
  );
  expect(run.code, run.stderr).toBe(0);
  const plan = local.requests[0]?.body as Record<string, unknown>;
  // The schema itself goes to the server (plain JSON mode would carry none), bound included.
  expect(plan.response_format).toMatchObject({
    type: "json_schema",
    json_schema: {
      name: "research_plan",
      schema: {
        type: "object",
        required: ["subQuestions"],
        properties: {
          subQuestions: {
            type: "array",
            minItems: 3,
            maxItems: 6,
            items: {
              type: "object",
              required: ["question", "reason"],
              properties: { question: { type: "string" }, reason: { type: "string" } },
            },
          },
        },
      },
    },
  });
  expect(local.requests).toHaveLength(5);
  const synthesis = JSON.stringify(local.requests[4]?.body.messages);
  for (const n of [1, 2, 3]) expect(synthesis).toContain(`Finding ${n}.`);
  const folder = readdirSync(path.join(repo.dir, "ideas")).find((f) => f.includes("houseplant"));
  const log = JSON.parse(
    readFileSync(path.join(repo.dir, "ideas", folder as string, "exploration-log.json"), "utf8"),
  );
  expect(log[0].deep.plan.map((q: { question: string }) => q.question)).toEqual(questions);
});
