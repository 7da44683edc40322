import { createAnthropic } from "@ai-sdk/anthropic";
import { generateText, isStepCount } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import {
  type AnthropicCapture,
  requestToolNames,
  startAnthropicCapture,
} from "../../../test/fakes/anthropic-capture.ts";
import { deferralTools } from "../../../test/fixtures/deferral-tools.ts";
import { withAnthropicToolSearch } from "./anthropic-tool-search.ts";
import { createDeferral } from "./create-deferral.ts";

let capture: AnthropicCapture | undefined;
afterEach(async () => {
  await capture?.close();
  capture = undefined;
});

const modelOn = (c: AnthropicCapture) =>
  createAnthropic({ apiKey: "test-key", baseURL: c.baseURL })("claude-sonnet-4-5");

describe("deferral over the Anthropic wire format", () => {
  it("step 1 sends only core tools; the found tool is sent from step 2 and runs", async () => {
    capture = await startAnthropicCapture([
      { toolUses: [{ name: "search_tools", input: { query: "run python code" } }] },
      { toolUses: [{ name: "execute_python", input: { input: "print(1)" } }] },
      { text: "1" },
    ]);
    const calls: string[] = [];
    const { tools, catalog } = deferralTools(12, calls);
    const deferral = createDeferral({ tools, catalog });
    await generateText({
      model: modelOn(capture),
      instructions: deferral.promptSection(),
      prompt: "Compute with Python",
      tools,
      stopWhen: isStepCount(5),
      prepareStep: (options) => deferral.prepareStep(options),
    });
    const core = ["read_research", "web_search", "search_tools"];
    expect(capture.requests.map(requestToolNames)).toEqual([
      core,
      [...core, "execute_python"],
      [...core, "execute_python"],
    ]);
    expect(calls).toEqual(["execute_python(print(1))"]);
    // The system prompt is the same on every step, so only the tools block changes once.
    const systems = capture.requests.map((r) => JSON.stringify(r.system));
    expect(new Set(systems).size).toBe(1);
    expect(systems[0]).toContain("use search_tools first");
  });
});

describe("withAnthropicToolSearch", () => {
  it("sends every tool, marks non-core ones defer_loading, and adds the native BM25 search", async () => {
    capture = await startAnthropicCapture();
    const { tools, catalog } = deferralTools(12);
    await generateText({
      model: modelOn(capture),
      prompt: "hi",
      tools: withAnthropicToolSearch({ tools, catalog }),
    });
    const sent = (capture.requests[0]?.tools ?? []) as Record<string, unknown>[];
    expect(sent.map((t) => t.name)).not.toContain("search_tools");
    expect(sent.find((t) => t.name === "read_research")).not.toHaveProperty("defer_loading");
    expect(sent.find((t) => t.name === "web_fetch")).toMatchObject({ defer_loading: true });
    expect(sent.filter((t) => t.defer_loading === true)).toHaveLength(9);
    expect(sent.at(-1)).toEqual({
      type: "tool_search_tool_bm25_20251119",
      name: "tool_search_tool_bm25",
    });
  });

  it("leaves a small tool set alone (minus search_tools) and offers the regex variant", () => {
    const small = deferralTools(8);
    expect(Object.keys(withAnthropicToolSearch(small))).toEqual(
      Object.keys(small.tools).filter((n) => n !== "search_tools"),
    );
    const big = deferralTools(12);
    const regex = withAnthropicToolSearch({ ...big, variant: "regex" }).tool_search;
    expect(regex).toMatchObject({ type: "provider", id: "anthropic.tool_search_regex_20251119" });
  });
});
