// Seed 000/001's "Anthropic Client" tests, in v7 terms, through the real @ai-sdk/anthropic
// provider against the loopback fake of the Messages API: assertions read the wire.
import { afterEach, describe, expect, it } from "vitest";
import {
  blocksOf,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../../test/fakes/anthropic-server.ts";
import { memoryExecutor, quietRecorder, researchTools } from "../../test/helpers/research-tools.ts";
import { runAgent } from "./run-agent.ts";

const PRIOR = "2026-01-02-solar-dryers/research.md";
const INSTRUCTIONS = "You are a research analyst. Write a report.";
let fake: FakeAnthropicServer;

afterEach(async () => {
  await fake?.close();
});

function toolsSent(index: number) {
  return (fake.requests[index]?.body.tools ?? []).map((t) => t.name);
}

describe("runAgent over the Anthropic Messages API", () => {
  it("registers the web_search server tool always", async () => {
    fake = await startFakeAnthropic({ replies: [reply.text("# Report\n\nDone.")] });
    await runAgent({
      model: fake.model(),
      instructions: INSTRUCTIONS,
      prompt: "idea",
      tools: researchTools(),
    });

    const [webSearch] = fake.requests[0]?.body.tools ?? [];
    expect(webSearch).toMatchObject({
      type: "web_search_20250305",
      name: "web_search",
      max_uses: 5,
    });
  });

  it("registers read_research only when a ToolExecutor is provided", async () => {
    fake = await startFakeAnthropic({
      replies: [reply.text("# A\n\nDone."), reply.text("# B\n\nDone.")],
    });
    await runAgent({
      model: fake.model(),
      instructions: INSTRUCTIONS,
      prompt: "idea",
      tools: researchTools(),
    });
    const executor = memoryExecutor({});
    await runAgent({
      model: fake.model(),
      instructions: INSTRUCTIONS,
      prompt: "idea",
      tools: researchTools({ executor }),
    });

    expect(toolsSent(0)).toEqual(["web_search"]);
    expect(toolsSent(1)).toEqual(["web_search", "read_research"]);
    const readResearch = fake.requests[1]?.body.tools?.[1];
    expect(readResearch?.input_schema).toMatchObject({
      type: "object",
      properties: { path: { type: "string", maxLength: 200 } },
      required: ["path"],
    });
  });

  it("passes the system and user prompts", async () => {
    fake = await startFakeAnthropic({ replies: [reply.text("# Report\n\nDone.")] });
    await runAgent({
      model: fake.model(),
      instructions: INSTRUCTIONS,
      prompt: "A bakery for dogs",
    });

    const { body } = fake.requests[0] ?? { body: undefined };
    expect(body?.system).toEqual([
      { type: "text", text: INSTRUCTIONS, cache_control: { type: "ephemeral" } },
    ]);
    expect(body?.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "A bakery for dogs" }] },
    ]);
    expect(body?.max_tokens).toBe(16_384);
  });

  it("stops the tool loop at isStepCount(5), then writes the report without tools", async () => {
    fake = await startFakeAnthropic({
      handler: (request) =>
        request.body.tool_choice?.type === "none"
          ? reply.text("# Report\n\nWhat five reads taught us.")
          : reply.toolUse("read_research", { path: PRIOR }),
    });
    const run = await runAgent({
      model: fake.model(),
      instructions: INSTRUCTIONS,
      prompt: "idea",
      tools: researchTools({ executor: memoryExecutor({ [PRIOR]: "# Solar dryers" }) }),
    });

    expect(fake.requests).toHaveLength(6);
    expect(fake.requests.slice(0, 5).map((r) => r.body.tool_choice?.type)).not.toContain("none");
    expect(fake.requests[5]?.body.tool_choice).toEqual({ type: "none" });
    expect(run).toMatchObject({ steps: 6, stoppedBy: "step_limit" });
    expect(run.content).toBe("# Report\n\nWhat five reads taught us.");
  });

  it("maps the usage of all steps to inputTokens and outputTokens", async () => {
    fake = await startFakeAnthropic({
      replies: [
        reply.toolUse(
          "read_research",
          { path: PRIOR },
          {
            usage: { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 1000 },
          },
        ),
        reply.text("# Report\n\nDone.", {
          usage: { input_tokens: 50, output_tokens: 300, cache_read_input_tokens: 1000 },
        }),
      ],
    });
    const run = await runAgent({
      model: fake.model(),
      instructions: INSTRUCTIONS,
      prompt: "idea",
      tools: researchTools({ executor: memoryExecutor({ [PRIOR]: "x" }) }),
    });

    expect(run.inputTokens).toBe(100 + 1000 + 50 + 1000);
    expect(run.outputTokens).toBe(320);
    expect(run.usage).toEqual({
      inputTokens: 2150,
      outputTokens: 320,
      totalTokens: 2470,
      cacheReadTokens: 1000,
      cacheWriteTokens: 1000,
    });
    expect(run.steps).toBe(2);
  });

  it("returns the final step's text as content, not the narration before tool calls", async () => {
    fake = await startFakeAnthropic({
      replies: [
        reply.toolUse(
          "read_research",
          { path: PRIOR },
          { narration: "Let me read the earlier work." },
        ),
        reply.text("# Dog bakery\n\nBuilds on the solar dryer study."),
      ],
    });
    const run = await runAgent({
      model: fake.model(),
      instructions: INSTRUCTIONS,
      prompt: "idea",
      tools: researchTools({ executor: memoryExecutor({ [PRIOR]: "x" }) }),
    });

    expect(run.content).toBe("# Dog bakery\n\nBuilds on the solar dryer study.");
    expect(run.stoppedBy).toBe("end");
  });

  it("read_research returns structured ok/error payloads to the model", async () => {
    const recorder = quietRecorder();
    fake = await startFakeAnthropic({
      replies: [
        reply.toolUses([
          { name: "read_research", input: { path: PRIOR } },
          { name: "read_research", input: { path: "2025-05-05-missing/research.md" } },
        ]),
        reply.text("# Report\n\nDone."),
      ],
    });
    const run = await runAgent({
      model: fake.model(),
      instructions: INSTRUCTIONS,
      prompt: "idea",
      tools: researchTools({ executor: memoryExecutor({ [PRIOR]: "# Dryers" }), recorder }),
      recorder,
    });

    const results = blocksOf(fake.requests[1]);
    expect(results.map((r) => JSON.parse(String(r.content)))).toEqual([
      {
        ok: true,
        content: expect.stringMatching(
          /^<untrusted-data kind="stored research" from="[^"]+">\n# Dryers\n<\/untrusted-data>\n/,
        ),
        bytes: 8,
      },
      {
        ok: false,
        error_type: "file_not_found",
        message: "File not found: 2025-05-05-missing/research.md",
      },
    ]);
    expect(run.toolCalls).toMatchObject([
      { name: "read_research", path: PRIOR, ok: true, bytes: 8 },
      { name: "read_research", ok: false, errorType: "file_not_found" },
    ]);
  });
});
