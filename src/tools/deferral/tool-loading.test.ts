import { type ToolSet, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { planToolLoading } from "./tool-loading.ts";

/** `count` tools: two core ones first, then plain non-core tools, mixed up on purpose. */
function toolSet(count: number): ToolSet {
  const make = (description: string) =>
    tool({
      description,
      inputSchema: z.object({ input: z.string().describe("What to work on") }),
      execute: async () => "ok",
    });
  const tools: ToolSet = { extra_a: make("An extra tool placed before the core ones.") };
  tools.read_research = make("Read an earlier research file by path.");
  tools.web_search = make("Search the web.");
  for (let i = 3; i < count; i++) tools[`extra_${i}`] = make(`Extra tool number ${i}.`);
  return tools;
}
const core = ["read_research", "web_search"];
const quiet = () => {};

describe("planToolLoading", () => {
  it("auto: 10 tools are all loaded, without search_tools", () => {
    const plan = planToolLoading({ tools: toolSet(10), core, onToolCall: quiet });
    expect(plan.strategy).toBe("all");
    expect(plan.deferred).toEqual([]);
    expect(plan.promptSection).toBe("");
    expect(plan.prepareStep).toBeUndefined();
    // Core tools first, then the rest in the order given.
    expect(plan.visible.slice(0, 3)).toEqual(["read_research", "web_search", "extra_a"]);
    expect(Object.keys(plan.tools)).toHaveLength(10);
  });

  it("auto: 11 tools defer the non-core ones behind search_tools, placed after the core tools", () => {
    const plan = planToolLoading({ tools: toolSet(11), core, onToolCall: quiet });
    expect(plan.strategy).toBe("search_tools");
    expect(plan.visible).toEqual(["read_research", "web_search", "search_tools"]);
    expect(plan.deferred).toHaveLength(9);
    expect(Object.keys(plan.tools).slice(0, 4)).toEqual([
      "read_research",
      "web_search",
      "search_tools",
      "extra_a",
    ]);
    expect(plan.promptSection).toMatch(/^## More tools \(use search_tools first\)/);
    expect(plan.promptSection).toContain("- extra_a: An extra tool placed before the core ones.");
  });

  it("the active list follows what search_tools found, in the fixed tool order", async () => {
    const plan = planToolLoading({ tools: toolSet(12), core, onToolCall: quiet });
    const found = { toolName: "search_tools", output: { results: [{ name: "extra_5" }] } };
    const later = { toolName: "search_tools", output: { results: [{ name: "extra_a" }] } };
    const prepareStep = plan.prepareStep as NonNullable<typeof plan.prepareStep>;
    const active = async (toolResults: unknown[]) => {
      const step = await prepareStep({ steps: [{ toolResults }], messages: [] } as never);
      return (step as { activeTools: string[] }).activeTools;
    };
    expect(await active([found])).toEqual([
      "read_research",
      "web_search",
      "search_tools",
      "extra_5",
    ]);
    expect(await active([found, later])).toEqual([
      "read_research",
      "web_search",
      "search_tools",
      "extra_a",
      "extra_5",
    ]);
  });

  it("always defers even a small set; never loads even a large one", () => {
    const always = planToolLoading({ tools: toolSet(4), core, mode: "always", onToolCall: quiet });
    expect(always.strategy).toBe("search_tools");
    expect(always.deferred).toEqual(["extra_a", "extra_3"]);
    const never = planToolLoading({ tools: toolSet(50), core, mode: "never", onToolCall: quiet });
    expect(never.strategy).toBe("all");
    expect(Object.keys(never.tools)).not.toContain("search_tools");
    expect(never.visible).toHaveLength(50);
  });

  it("always with nothing to defer loads everything", () => {
    const tools = toolSet(3);
    const plan = planToolLoading({
      tools,
      core: Object.keys(tools),
      mode: "always",
      onToolCall: quiet,
    });
    expect(plan.strategy).toBe("all");
  });

  it("anthropic marks deferred tools defer_loading and adds the native search last", () => {
    const plan = planToolLoading({ tools: toolSet(5), core, mode: "anthropic" });
    expect(plan.strategy).toBe("anthropic");
    expect(plan.visible).toEqual(["read_research", "web_search", "tool_search"]);
    const deferLoading = Object.entries(plan.tools).map(
      ([name, t]) => [name, t.providerOptions?.anthropic?.deferLoading === true] as const,
    );
    expect(deferLoading).toEqual([
      ["read_research", false],
      ["web_search", false],
      ["extra_a", true],
      ["extra_3", true],
      ["extra_4", true],
      ["tool_search", false],
    ]);
    expect(plan.promptSection).toContain("use tool_search_tool_bm25 first");
  });

  it("promptTools are the visible tools the prompt describes, without Anthropic's native search", () => {
    const tools = toolSet(11);
    const described = (mode: "auto" | "never" | "anthropic") => {
      const plan = planToolLoading({ tools, core, mode, onToolCall: quiet });
      return Object.keys(plan.promptTools);
    };
    expect(described("never")).toEqual(
      Object.keys(planToolLoading({ tools, core, mode: "never" }).tools),
    );
    expect(described("auto")).toEqual(["read_research", "web_search", "search_tools"]);
    expect(described("anthropic")).toEqual(["read_research", "web_search"]);
    const plan = planToolLoading({ tools, core, mode: "anthropic" });
    expect(plan.promptTools.read_research).toBe(plan.tools.read_research);
  });
});
