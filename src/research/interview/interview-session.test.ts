import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { anthropic } from "@ai-sdk/anthropic";
import { APICallError } from "ai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  block,
  cacheBreakpoints,
  reply,
  startFakeAnthropic,
} from "../../../test/fakes/anthropic-server.ts";
import { scriptedModel } from "../../../test/helpers/scripted-model.ts";
import { makeTempTree, type TempTree } from "../../../test/helpers/temp-tree.ts";
import { priceFor } from "../../models/price-source.ts";
import { createInterviewSession, type TurnListener } from "./interview-session.ts";
import { createInterviewTools } from "./interview-tools.ts";

let tree: TempTree;
let output: string;

beforeEach(async () => {
  tree = await makeTempTree({
    files: { "README.md": "# Fixture app", "fake.md": "Wrote job/not-a-write.md" },
  });
  output = path.join(tree.outside, "jobs");
  await mkdir(output);
});
afterEach(() => tree.cleanup());

// The real interview tools: the codebase is the temp tree, job files go to outside/jobs.
function tools() {
  return createInterviewTools({
    codebase: tree.dir,
    output,
    webSearch: { kind: "none" },
    onToolCall: () => {},
  });
}

function recorder() {
  const events: string[] = [];
  const listener: TurnListener = {
    text: (delta) => events.push(`text:${delta}`),
    toolCall: ({ toolName }) => events.push(`call:${toolName}`),
    toolFailed: ({ toolName, message }) => events.push(`failed:${toolName}:${message}`),
    wrote: (path) => events.push(`wrote:${path}`),
  };
  return { events, listener };
}

/** What the provider throws for a 529, as the real @ai-sdk/anthropic does. */
const overloaded = () =>
  new APICallError({
    message: "Overloaded",
    url: "https://api.anthropic.com/v1/messages",
    requestBodyValues: {},
    statusCode: 529,
    isRetryable: true,
  });

describe("createInterviewSession", () => {
  it("streams text as it arrives and remembers every turn, tool results included", async () => {
    const model = scriptedModel([
      { toolCalls: [{ name: "file_read", input: { path: "README.md" } }] },
      { text: "What problem do you have?" },
      { text: "Noted." },
    ]);
    const session = createInterviewSession({
      model,
      tools: tools(),
      instructions: "interview",
      maxStepsPerTurn: 5,
    });
    const first = recorder();
    expect(await session.turn("Hi", first.listener)).toEqual({ status: "done" });
    expect(first.events).toEqual(["call:file_read", "text:What problem ", "text:do you have?"]);
    await session.turn("Exports are slow", recorder().listener);

    const thirdCallPrompt = JSON.stringify(model.doStreamCalls[2]?.prompt);
    expect(thirdCallPrompt).toContain("Hi");
    expect(thirdCallPrompt).toContain("# Fixture app");
    expect(thirdCallPrompt).toContain("What problem do you have?");
    expect(thirdCallPrompt).toContain("Exports are slow");
    expect(session.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "user",
      "assistant",
    ]);
  });

  it("leaves old tool results out of what it sends once the history outgrows its budget", async () => {
    const model = scriptedModel([
      { toolCalls: [{ name: "file_read", input: { path: "README.md" } }] },
      { text: "Read it." },
      { text: "Still with you." },
    ]);
    const session = createInterviewSession({
      model,
      tools: tools(),
      instructions: "interview",
      maxStepsPerTurn: 5,
      maxHistoryChars: 700,
    });
    await session.turn("Read the readme", recorder().listener);
    await session.turn(`And now: ${"a long answer ".repeat(20)}`, recorder().listener);

    const sent = JSON.stringify(model.doStreamCalls[2]?.prompt);
    expect(sent).not.toContain("# Fixture app");
    expect(sent).toContain("file_read result left out");
    expect(sent).toContain("Read the readme");
    expect(sent).toContain("a long answer");
    // The session itself still remembers everything.
    expect(JSON.stringify(session.messages)).toContain("# Fixture app");
  });

  it("counts only successful file_write results as writes, once per path, in order", async () => {
    const model = scriptedModel([
      {
        toolCalls: [
          { name: "file_read", input: { path: "fake.md" } },
          { name: "file_write", input: { path: "job/jtbd.md", content: "v1" } },
          { name: "file_write", input: { path: "../escape.md", content: "x" } },
        ],
      },
      { toolCalls: [{ name: "file_write", input: { path: "job/specs/a.md", content: "s" } }] },
      { toolCalls: [{ name: "file_write", input: { path: "job/jtbd.md", content: "v2" } }] },
      { text: "Done." },
    ]);
    const session = createInterviewSession({
      model,
      tools: tools(),
      instructions: "interview",
      maxStepsPerTurn: 10,
    });
    const { events, listener } = recorder();
    await session.turn("write it", listener);

    expect(events.filter((e) => e.startsWith("wrote:"))).toEqual([
      "wrote:job/jtbd.md",
      "wrote:job/specs/a.md",
      "wrote:job/jtbd.md",
    ]);
    expect(events).toContain(
      "failed:file_write:invalid input: path must be <job-slug>/jtbd.md or <job-slug>/specs/<name>.md, in lowercase words joined by hyphens (e.g. export-csv/specs/streaming-writer.md)",
    );
    expect(events).not.toContain("wrote:job/not-a-write.md");
    expect(session.written).toEqual(["job/jtbd.md", "job/specs/a.md"]);
    expect(await readFile(path.join(output, "job/jtbd.md"), "utf8")).toBe("v2");
    await expect(readFile(path.join(tree.outside, "escape.md"))).rejects.toThrow();
  });

  it("runs a step's tool calls in the order the model made them", async () => {
    const big = "x".repeat(400_000);
    const model = scriptedModel([
      {
        toolCalls: [
          { name: "file_write", input: { path: "job/jtbd.md", content: big } },
          { name: "file_write", input: { path: "job/jtbd.md", content: "final" } },
          { name: "file_write", input: { path: "job/specs/a.md", content: big } },
          { name: "file_write", input: { path: "job/specs/b.md", content: "small" } },
        ],
      },
      { text: "Done." },
    ]);
    const session = createInterviewSession({
      model,
      tools: tools(),
      instructions: "i",
      maxStepsPerTurn: 3,
    });
    await session.turn("write", recorder().listener);
    expect(await readFile(path.join(output, "job/jtbd.md"), "utf8")).toBe("final");
    expect(session.written).toEqual(["job/jtbd.md", "job/specs/a.md", "job/specs/b.md"]);
  });

  it("ends a turn at the step limit and says so", async () => {
    const read = { name: "file_read", input: { path: "README.md" } };
    const model = scriptedModel([{ toolCalls: [read] }, { toolCalls: [read] }, { text: "later" }]);
    const session = createInterviewSession({
      model,
      tools: tools(),
      instructions: "interview",
      maxStepsPerTurn: 2,
    });
    expect(await session.turn("go", recorder().listener)).toEqual({
      status: "step-limit",
      steps: 2,
    });
    expect(model.doStreamCalls).toHaveLength(2);
    // The next turn picks up from the completed tool steps.
    expect(await session.turn("continue", recorder().listener)).toEqual({ status: "done" });
    expect(session.messages.filter((m) => m.role === "tool")).toHaveLength(2);
  });

  it("reports an API error as a failed turn, forgets that turn, and goes on", async () => {
    const model = scriptedModel([{ error: overloaded() }, { text: "Hello again" }]);
    const session = createInterviewSession({
      model,
      tools: tools(),
      instructions: "interview",
      maxStepsPerTurn: 3,
      maxRetries: 0,
    });
    const outcome = await session.turn("first try", recorder().listener);
    expect(outcome.status).toBe("failed");
    expect(outcome.status === "failed" && String(outcome.error)).toContain("overloaded (529)");
    expect(session.messages).toEqual([]);

    expect(await session.turn("second try", recorder().listener)).toEqual({ status: "done" });
    const secondPrompt = JSON.stringify(model.doStreamCalls[1]?.prompt);
    expect(secondPrompt).not.toContain("first try");
    expect(session.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("keeps the completed tool steps of a turn that fails later", async () => {
    const read = { name: "file_read", input: { path: "README.md" } };
    const model = scriptedModel([
      { toolCalls: [read] },
      { toolCalls: [read] },
      { error: overloaded() },
      { text: "ok" },
    ]);
    const session = createInterviewSession({
      model,
      tools: tools(),
      instructions: "interview",
      maxStepsPerTurn: 5,
      maxRetries: 0,
    });
    expect((await session.turn("go", recorder().listener)).status).toBe("failed");
    expect(session.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
    ]);
    expect(await session.turn("again", recorder().listener)).toEqual({ status: "done" });
  });

  it("stops a turn when aborted", async () => {
    const controller = new AbortController();
    const model = scriptedModel([
      { toolCalls: [{ name: "file_read", input: { path: "README.md" } }] },
    ]);
    const session = createInterviewSession({
      model,
      tools: tools(),
      instructions: "interview",
      maxStepsPerTurn: 5,
    });
    const listener: TurnListener = { ...recorder().listener, toolCall: () => controller.abort() };
    expect(await session.turn("go", listener, controller.signal)).toEqual({ status: "aborted" });
  });

  it("sends Anthropic's cache breakpoints on the tools, the system prompt and the conversation", async () => {
    const fake = await startFakeAnthropic({
      replies: [
        reply.toolUse("file_read", { path: "README.md" }),
        reply.text("What problem do you have?"),
        reply.text("Noted."),
      ],
    });
    try {
      const session = createInterviewSession({
        model: fake.model(),
        tools: tools(),
        instructions: "interview",
        maxStepsPerTurn: 5,
      });
      await session.turn("Hi", recorder().listener);
      await session.turn("Exports are slow", recorder().listener);

      expect(fake.requests).toHaveLength(3);
      const last = fake.requests[0]?.body.tools?.at(-1)?.name;
      for (const request of fake.requests) {
        expect(cacheBreakpoints(request.body).sort()).toEqual(
          ["request", "system.0", `tools.${last}`].sort(),
        );
        // Every step of every turn sends the same tool definitions, so the cache holds.
        expect(request.body.tools).toEqual(fake.requests[0]?.body.tools);
      }
    } finally {
      await fake.close();
    }
  });
});

describe("a turn that runs out of time", () => {
  it("fails in one line naming the limit, and the session takes the next turn", async () => {
    const fake = await startFakeAnthropic();
    try {
      fake.enqueue(reply.hang(), reply.text("Back again."));
      const session = createInterviewSession({
        model: fake.model(),
        tools: tools(),
        instructions: "Interview.",
        maxStepsPerTurn: 3,
        turnTimeoutMs: 300,
      });
      const first = await session.turn("Hello", recorder().listener);
      expect(first).toMatchObject({ status: "failed" });
      expect(first.status === "failed" && first.error.message).toBe(
        "The agent run did not finish within 300 ms, its time limit (raise it with --timeout, or timeout_seconds in the API)",
      );
      // The held request is closed, not left open (the close arrives a moment later).
      await vi.waitFor(() => expect(fake.requests[0]?.closedByClient).toBe(true));
      expect(await session.turn("Still there?", recorder().listener)).toEqual({ status: "done" });
    } finally {
      await fake.close();
    }
  });
});

describe("the cost of a session", () => {
  it("adds up every completed step of every turn at the model's price", async () => {
    const fake = await startFakeAnthropic({
      replies: [
        reply.text("First.", { usage: { input_tokens: 100_000, output_tokens: 1_000 } }),
        reply.text("Second.", { usage: { input_tokens: 200_000, output_tokens: 2_000 } }),
      ],
    });
    try {
      const session = createInterviewSession({
        model: fake.model(),
        tools: tools(),
        instructions: "Interview.",
        maxStepsPerTurn: 3,
        pricing: {
          modelId: "claude-sonnet-5-5",
          price: priceFor("anthropic", "claude-sonnet-5-5"),
        },
      });
      await session.turn("One", recorder().listener);
      await session.turn("Two", recorder().listener);
      // 300,000 input tokens and 3,000 output over two calls, at the model's own rates.
      const { inputPerMTok, outputPerMTok } = priceFor("anthropic", "claude-sonnet-5-5")!;
      const usd = (300_000 * inputPerMTok + 3_000 * outputPerMTok) / 1_000_000;
      expect(session.cost()).toMatchObject({ priced: true, usd: expect.closeTo(usd, 9) });
    } finally {
      await fake.close();
    }
  });

  it("charges the searches Anthropic bills: a failed one is not", async () => {
    const hit = { url: "https://export.example/slow", title: "Slow exports" };
    const fake = await startFakeAnthropic({
      replies: [
        reply.message(
          [
            ...block.webSearch("slow csv exports", [hit]),
            ...block.webSearchError("slow csv exports fix", "unavailable"),
            block.text("Found one page."),
          ],
          { usage: { input_tokens: 0, output_tokens: 0 } },
        ),
      ],
    });
    try {
      const session = createInterviewSession({
        model: fake.model(),
        tools: {
          ...tools(),
          web_search: anthropic.tools.webSearch_20250305({ maxUses: 3 }),
        },
        instructions: "Interview.",
        maxStepsPerTurn: 3,
        pricing: {
          modelId: "claude-sonnet-5-5",
          price: priceFor("anthropic", "claude-sonnet-5-5"),
        },
      });
      await session.turn("One", recorder().listener);
      expect(session.cost()).toMatchObject({ priced: true, searchUsd: 0.01, usd: 0.01 });
    } finally {
      await fake.close();
    }
  });
});
