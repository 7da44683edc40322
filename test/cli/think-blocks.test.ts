import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type ChatReply,
  type FakeOpenAiCompatible,
  startFakeOpenAiCompatible,
} from "../fakes/openai-compatible-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

/**
 * Local reasoning models (DeepSeek-R1, Qwen3, QwQ over Ollama, llama.cpp, vLLM, LM Studio) think
 * aloud in `<think>` blocks inside their answer. None of it may reach research.md, in any of the
 * shapes servers send it; the log counts it instead.
 */

const IDEA = "Houseplant watering reminders from soil sensors";
/** Every thought carries this, so one check finds any of it that leaked. */
const THOUGHT = "PRIVATE-THOUGHT";

/** The same report, thought about in each shape a server sends. */
const closed = (report: string) =>
  `<think>\n${THOUGHT}: the user wants a report.\n</think>\n\n${report}`;
const leftOpen = (report: string) => `${report}\n\n<think>${THOUGHT}: maybe I should also men`;
const several = (report: string) => {
  const [title, ...rest] = report.split("\n\n");
  return `<think>${THOUGHT} one</think>${title}\n\n<think>${THOUGHT} two</think>${rest.join("\n\n")}\n<think>${THOUGHT} three</think>`;
};
const closingOnly = (report: string) =>
  `${THOUGHT}: reasoning first, as llama.cpp serves DeepSeek-R1.\n</think>\n\n${report}`;
const SHAPES: Array<[string, (report: string) => string]> = [
  ["a closed block before the answer", closed],
  ["a block left open at the end (out of tokens mid-thought)", leftOpen],
  ["several blocks through the answer", several],
  ["only the closing tag (the template opened the block)", closingOnly],
];

let repo: TempTree;
let local: FakeOpenAiCompatible;
beforeEach(async () => {
  repo = await makeTempTree({ files: { "ideas/.keep": "" } });
  local = await startFakeOpenAiCompatible();
});
afterEach(async () => {
  await Promise.all([local.close(), repo.cleanup()]);
});

const explore = (...extra: string[]) =>
  runCli(
    [
      "explore",
      IDEA,
      "--provider",
      "openai-compatible",
      "--base-url",
      local.url,
      "--model",
      "qwen3:8b",
      ...extra,
    ],
    { cwd: repo.dir, env: {} },
  );

interface LogEntry {
  tokens: { reasoning?: number; reasoningChars?: number };
  deep: { plan: { question: string }[] };
}

function committed(): { research: string; log: LogEntry } {
  const folder = readdirSync(path.join(repo.dir, "ideas")).find((f) => f.includes("houseplant"));
  const read = (file: string) =>
    readFileSync(path.join(repo.dir, "ideas", folder as string, file), "utf8");
  const [log] = JSON.parse(read("exploration-log.json")) as LogEntry[];
  return { research: read("research.md"), log: log as LogEntry };
}

describe("a report from a model that thinks in <think> blocks", () => {
  it.each(SHAPES)("quick mode, %s: no thought in research.md", async (_, shape) => {
    local.enqueue({
      text: shape("# Plant reminders\n\nSensors drift by 5% a year."),
      reasoningTokens: 42,
    });
    const run = await explore();

    expect(run.code, run.stderr).toBe(0);
    const { research, log } = committed();
    expect(research).toContain("# Plant reminders\n\nSensors drift by 5% a year.");
    expect(research).not.toContain(THOUGHT);
    expect(research).not.toMatch(/<\/?think>/);
    // Out of the report, into the log: the server's token count and what was measured.
    expect(log.tokens.reasoning).toBe(42);
    expect(log.tokens.reasoningChars).toBeGreaterThan(THOUGHT.length);
  });

  it("deep mode: the plan, every sub-question and the synthesis, each in another shape", async () => {
    const questions = ["Who waters plants?", "What do sensors cost?", "Who sells them?"];
    const plan = JSON.stringify({
      subQuestions: questions.map((question) => ({ question, reason: "needed" })),
    });
    const replies: ChatReply[] = [
      // The plan: thinking before the JSON is the common real failure of a JSON answer.
      { text: closed(plan), reasoningTokens: 10 },
      { text: leftOpen("# Finding 1\n\nFinding one."), reasoningTokens: 10 },
      { text: several("# Finding 2\n\nFinding two."), reasoningTokens: 10 },
      { text: closingOnly("# Finding 3\n\nFinding three."), reasoningTokens: 10 },
      { text: several("# Plant sensors, deeply\n\nAll three findings."), reasoningTokens: 10 },
    ];
    local.enqueue(...replies);
    const run = await explore("--depth", "deep", "--parallel", "1");

    expect(run.code, run.stderr).toBe(0);
    // One call each: the plan was read at the first answer, with no repair turn.
    expect(local.requests).toHaveLength(5);
    // The sub-questions' findings reach the synthesis without their thoughts.
    const synthesis = JSON.stringify(local.requests[4]?.body.messages);
    for (const finding of ["Finding one.", "Finding two.", "Finding three."]) {
      expect(synthesis).toContain(finding);
    }
    expect(synthesis).not.toContain(THOUGHT);
    const { research, log } = committed();
    expect(research).toContain("All three findings.");
    expect(research).not.toContain(THOUGHT);
    expect(research).not.toMatch(/<\/?think>/);
    expect(log.deep.plan.map((q) => q.question)).toEqual(questions);
    expect(log.tokens.reasoning).toBe(50);
  });

  it("deep mode: a plan that is only an unfinished thought gets its one repair turn", async () => {
    const questions = ["Who waters plants?", "What do sensors cost?", "Who sells them?"];
    local.enqueue(
      { text: `<think>${THOUGHT}: three questions, or maybe fo` },
      {
        text: `<think>${THOUGHT}</think>${JSON.stringify({
          subQuestions: questions.map((question) => ({ question, reason: "needed" })),
        })}`,
      },
      ...questions.map((_, i) => ({ text: `# Finding ${i + 1}\n\nFinding ${i + 1}.` })),
      { text: "# Plant sensors, deeply\n\nAll three findings." },
    );
    const run = await explore("--depth", "deep", "--parallel", "1");

    expect(run.code, run.stderr).toBe(0);
    expect(local.requests).toHaveLength(6);
    // The repair turn says what was wrong, and shows the model no thought of its own.
    const repair = JSON.stringify(local.requests[1]?.body.messages);
    expect(repair).toContain("That plan cannot be used: it was not JSON");
    expect(repair).not.toContain(THOUGHT);
    expect(committed().research).not.toContain(THOUGHT);
  });

  it("a log without reasoning counts when the model did not think", async () => {
    local.enqueue({ text: "# Plant reminders\n\nSensors drift by 5% a year." });
    const run = await explore();

    expect(run.code, run.stderr).toBe(0);
    const { tokens } = committed().log;
    expect(tokens).not.toHaveProperty("reasoning");
    expect(tokens).not.toHaveProperty("reasoningChars");
  });
});
