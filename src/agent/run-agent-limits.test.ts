import { tool } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  block,
  blocksOf,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../../test/fakes/anthropic-server.ts";
import { memoryExecutor, researchTools } from "../../test/helpers/research-tools.ts";
import { AgentError } from "./agent-error.ts";
import { runAgent } from "./run-agent.ts";

const PRIOR = "2026-01-02-solar-dryers/research.md";
const base = { instructions: "Research the idea.", prompt: "A bakery for dogs" };
let fake: FakeAnthropicServer;

afterEach(async () => {
  await fake?.close();
});

const tools = () => researchTools({ executor: memoryExecutor({ [PRIOR]: "# Dryers" }) });

function lastUserText(index: number): string {
  return blocksOf(fake.requests[index])
    .map((b) => (b.type === "text" ? String(b.text) : ""))
    .join("");
}

describe("runAgent limits", () => {
  it("writes the report in one no-tools step when the step limit stops a model still calling tools", async () => {
    fake = await startFakeAnthropic({
      replies: [
        reply.toolUse("read_research", { path: PRIOR }, { narration: "Let me read more." }),
        reply.toolUse("read_research", { path: PRIOR }, { narration: "And once more." }),
        reply.text("# Report\n\nFrom two reads."),
      ],
    });
    const run = await runAgent({
      model: fake.model(),
      ...base,
      tools: tools(),
      limits: { maxSteps: 2 },
    });

    expect(run).toMatchObject({
      stoppedBy: "step_limit",
      steps: 3,
      content: "# Report\n\nFrom two reads.",
    });
    const final = fake.requests[2]?.body;
    expect(final?.tool_choice).toEqual({ type: "none" });
    // Same tools as before (the cached prefix holds), and the tool results of step 2 are sent.
    expect(final?.tools).toEqual(fake.requests[1]?.body.tools);
    expect(blocksOf(fake.requests[2]).map((b) => b.type)).toEqual(["tool_result", "text"]);
    expect(lastUserText(2)).toContain("step limit");
  });

  it("stops at the token budget and still writes the report", async () => {
    fake = await startFakeAnthropic({
      replies: [
        reply.toolUse(
          "read_research",
          { path: PRIOR },
          { usage: { input_tokens: 900, output_tokens: 200 } },
        ),
        reply.text("# Report\n\nWithin budget."),
      ],
    });
    const run = await runAgent({
      model: fake.model(),
      ...base,
      tools: tools(),
      limits: { tokenBudget: 1000 },
    });

    expect(run.stoppedBy).toBe("token_budget");
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.body.tool_choice).toEqual({ type: "none" });
    expect(lastUserText(1)).toContain("token budget");
    expect(run.content).toBe("# Report\n\nWithin budget.");
  });

  it("resumes a pause_turn and returns the report written after it", async () => {
    const hit = { url: "https://example.com/dog-treats", title: "Dog treat market" };
    fake = await startFakeAnthropic({
      replies: [
        reply.pauseTurn([block.text("Searching."), ...block.webSearch("dog treat market", [hit])]),
        reply.text("# Dog bakery\n\nThe treat market grows."),
      ],
    });
    const run = await runAgent({
      model: fake.model(),
      ...base,
      tools: tools(),
      collectToolStats: true,
    });

    expect(fake.requests).toHaveLength(2);
    // A resume, not the forced report step: the model may still use its tools.
    expect(fake.requests[1]?.body.tool_choice).toEqual({ type: "auto" });
    const resumed = fake.requests[1]?.body.messages.at(-1);
    expect(resumed?.role).toBe("assistant");
    expect(blocksOf(fake.requests[1]).map((b) => b.type)).toEqual([
      "text",
      "server_tool_use",
      "web_search_tool_result",
    ]);
    expect(run).toMatchObject({
      stoppedBy: "end",
      steps: 2,
      content: "# Dog bakery\n\nThe treat market grows.",
    });
    expect(run.sources).toEqual([hit]);
  });

  it("asks once to continue a max_tokens report, and returns it as truncated when still cut", async () => {
    fake = await startFakeAnthropic({
      replies: [reply.maxTokens("# Report\n\nThe market is"), reply.maxTokens(" growing but")],
    });
    const run = await runAgent({ model: fake.model(), ...base, tools: tools() });

    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.body.tool_choice).toEqual({ type: "none" });
    expect(run).toMatchObject({
      truncated: true,
      continued: true,
      stoppedBy: "max_tokens",
      content: "# Report\n\nThe market is growing but",
    });
  });

  it("fails with a clear error instead of returning an empty report", async () => {
    fake = await startFakeAnthropic({ replies: [reply.message([])] });
    const failure = await runAgent({ model: fake.model(), ...base }).catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(AgentError);
    expect(failure).toMatchObject({ kind: "empty_report" });
    expect((failure as Error).message).toBe(
      "The model returned an empty report after 1 step(s) (finish reason: end_turn)",
    );
  });

  it("ends a run that outlives timeoutMs with one timeout error", async () => {
    fake = await startFakeAnthropic({ replies: [reply.hang()] });
    const failure = await runAgent({
      model: fake.model(),
      ...base,
      limits: { timeoutMs: 100 },
    }).catch((e: unknown) => e);

    expect(failure).toMatchObject({
      kind: "timeout",
      message:
        "The agent run did not finish within 100 ms, its time limit (raise it with --timeout, or timeout_seconds in the API)",
    });
  });

  it("reports a cancelled run as cancelled", async () => {
    fake = await startFakeAnthropic({ replies: [reply.hang()] });
    const controller = new AbortController();
    const running = runAgent({ model: fake.model(), ...base, abortSignal: controller.signal });
    setTimeout(() => controller.abort(), 20);

    await expect(running).rejects.toMatchObject({ kind: "aborted" });
  });

  it("turns a tool call that outlives toolTimeoutMs into a tool error the model reads", async () => {
    const stuck = tool({
      description: "Never answers and ignores its abort signal.",
      inputSchema: z.object({}),
      execute: () => new Promise<string>(() => {}),
    });
    fake = await startFakeAnthropic({
      replies: [reply.toolUse("stuck", {}), reply.text("# Report\n\nWithout the stuck tool.")],
    });
    const run = await runAgent({
      model: fake.model(),
      ...base,
      tools: { stuck },
      limits: { toolTimeoutMs: 50 },
    });

    const [result] = blocksOf(fake.requests[1]);
    expect(result).toMatchObject({ type: "tool_result", is_error: true });
    expect(JSON.stringify(result?.content)).toContain("stuck did not finish within 50 ms");
    expect(run.content).toBe("# Report\n\nWithout the stuck tool.");
  });

  it("refuses limits that are not positive whole numbers", async () => {
    fake = await startFakeAnthropic();
    await expect(
      runAgent({ model: fake.model(), ...base, limits: { maxSteps: 0 } }),
    ).rejects.toThrow("maxSteps must be a whole number of at least 1, got 0");
    expect(fake.requests).toHaveLength(0);
  });
});
