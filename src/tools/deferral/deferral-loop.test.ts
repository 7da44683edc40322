import { generateText, isStepCount } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { deferralTools } from "../../../test/fixtures/deferral-tools.ts";
import { createDeferral } from "./create-deferral.ts";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
const callStep = (toolName: string, input: unknown, id: string) => ({
  content: [{ type: "tool-call" as const, toolCallId: id, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: "tool-calls" as const, raw: "tool_use" },
  usage,
  warnings: [],
});
const textStep = {
  content: [{ type: "text" as const, text: "It is sunny." }],
  finishReason: { unified: "stop" as const, raw: "end_turn" },
  usage,
  warnings: [],
};

function sentToolNames(model: MockLanguageModelV4): string[][] {
  return model.doGenerateCalls.map((call) => (call.tools ?? []).map((t) => t.name));
}

describe("deferral through generateText's prepareStep", () => {
  it("sends core tools first, the found tool from the next step on, and runs it", async () => {
    const calls: string[] = [];
    const { tools, catalog } = deferralTools(12, calls);
    const deferral = createDeferral({ tools, catalog });
    const model = new MockLanguageModelV4({
      doGenerate: [
        callStep("search_tools", { query: "current weather for a city" }, "c1"),
        callStep("get_weather", { input: "Lisbon" }, "c2"),
        textStep,
      ],
    });
    const result = await generateText({
      model,
      prompt: "Weather in Lisbon?",
      tools,
      stopWhen: isStepCount(5),
      prepareStep: ({ steps, messages }) => deferral.prepareStep({ steps, messages }),
    });
    const core = ["read_research", "web_search", "search_tools"];
    expect(sentToolNames(model)).toEqual([
      core,
      [...core, "get_weather"],
      [...core, "get_weather"],
    ]);
    expect(calls).toEqual(["get_weather(Lisbon)"]);
    expect(result.text).toBe("It is sunny.");
  });

  it("refuses a deferred tool called before it was found; the model reads why", async () => {
    const calls: string[] = [];
    const { tools, catalog } = deferralTools(12, calls);
    const deferral = createDeferral({ tools, catalog });
    const model = new MockLanguageModelV4({
      doGenerate: [callStep("get_weather", { input: "Lisbon" }, "c1"), textStep],
    });
    const result = await generateText({
      model,
      prompt: "Weather?",
      tools,
      stopWhen: isStepCount(2),
      prepareStep: (options) => deferral.prepareStep(options),
    });
    expect(calls).toEqual([]);
    const failure = result.steps[0]?.content.find((p) => p.type === "tool-error");
    expect(String(failure?.type === "tool-error" ? failure.error : "")).toContain("get_weather");
  });

  it("keeps a tool found in an earlier turn active in the next turn of the conversation", async () => {
    const calls: string[] = [];
    const { tools, catalog } = deferralTools(12, calls);
    const deferral = createDeferral({ tools, catalog });
    const turn1 = new MockLanguageModelV4({
      doGenerate: [callStep("search_tools", { query: "arithmetic" }, "c1"), textStep],
    });
    const first = await generateText({
      model: turn1,
      prompt: "Find a calculator",
      tools,
      stopWhen: isStepCount(2),
      prepareStep: (options) => deferral.prepareStep(options),
    });
    const turn2 = new MockLanguageModelV4({
      doGenerate: [callStep("calculator", { input: "2+2" }, "c2"), textStep],
    });
    await generateText({
      model: turn2,
      messages: [
        { role: "user", content: "Find a calculator" },
        ...first.responseMessages,
        { role: "user", content: "2+2?" },
      ],
      tools,
      stopWhen: isStepCount(2),
      prepareStep: (options) => deferral.prepareStep(options),
    });
    expect(sentToolNames(turn2)[0]).toContain("calculator");
    expect(calls).toEqual(["calculator(2+2)"]);
  });
});
