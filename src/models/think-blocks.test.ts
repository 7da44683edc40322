import { generateText, streamText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import {
  type FakeOpenAiCompatible,
  startFakeOpenAiCompatible,
} from "../../test/fakes/openai-compatible-server.ts";
import { resolveModel } from "./resolve-model.ts";
import { balancedThinkTags } from "./think-blocks.ts";

let local: FakeOpenAiCompatible | undefined;
afterEach(() => local?.close());

/** The answer and its reasoning as the SDK returns them, streamed (in 3-character deltas) or not. */
async function answer(text: string, stream: boolean) {
  local = await startFakeOpenAiCompatible([{ text, chunkSize: 3 }]);
  const { model } = resolveModel({ provider: "openai-compatible", baseURL: local.url, model: "m" });
  if (!stream) {
    const result = await generateText({ model, prompt: "x" });
    return { text: result.text.trim(), reasoning: result.reasoningText ?? "" };
  }
  const result = streamText({ model, prompt: "x" });
  return { text: (await result.text).trim(), reasoning: (await result.reasoningText) ?? "" };
}

describe("<think> blocks from an openai-compatible server, streamed and not", () => {
  it.each([
    ["a closed block first", "<think>plan</think>\n\n# Report", "plan"],
    ["several blocks", "<think>a</think># Report\n<think>b</think>Body", "a\nb"],
    ["a block open at the end", "# Report\n<think>cut sho", "cut sho"],
    ["a closing tag first", "</think>\n\n# Report", ""],
  ])("%s: the answer keeps none of it", async (_, text, reasoning) => {
    for (const stream of [false, true]) {
      const got = await answer(text, stream);
      expect(got.text).not.toMatch(/think>|plan|cut sho/);
      expect(got.text.startsWith("# Report"), JSON.stringify(got)).toBe(true);
      expect(got.reasoning).toBe(reasoning);
      await local?.close();
      local = undefined;
    }
  });

  it("an answer that only thinks leaves no text", async () => {
    for (const stream of [false, true]) {
      expect((await answer("<think>still thinking", stream)).text).toBe("");
      await local?.close();
      local = undefined;
    }
  });
});

describe("balancedThinkTags", () => {
  it("leaves an answer without thinking as it is", () => {
    expect(balancedThinkTags("# Report\n\nNo tags.")).toBe("# Report\n\nNo tags.");
  });

  it("opens a block the chat template opened (thinking, then the closing tag)", () => {
    expect(balancedThinkTags("thought\n</think>\n# Report")).toBe(
      "<think>thought\n</think>\n# Report",
    );
  });
});
