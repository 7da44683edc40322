import { type ModelMessage, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createInterviewToolbox } from "./interview-toolbox.ts";

const make = (description: string) =>
  tool({ description, inputSchema: z.object({ q: z.string().describe("what") }) });

const builtIn = {
  list_files: make("List a folder of the codebase."),
  search_files: make("Search the codebase."),
  file_read: make("Read a codebase file."),
  file_write: make("Write a job file."),
};

function extras(count: number) {
  const names = ["add", "weather", "translate", "calendar", "tickets", "deploy", "metrics"];
  const tools = Object.fromEntries(
    names.slice(0, count).map((n) => [`mcp__${n}`, make(`The ${n} tool. Does ${n} things.`)]),
  );
  const catalogMetadata = Object.fromEntries(
    Object.keys(tools).map((n) => [n, { category: "MCP: fixture" }]),
  );
  return { tools, catalogMetadata };
}

const found = (...names: string[]) => ({
  toolName: "search_tools",
  output: { query: "q", results: names.map((name) => ({ name })) },
});

// prepareStep's full argument is not needed by deferral: only steps and messages are read.
type StepArg = Parameters<NonNullable<ReturnType<typeof createInterviewToolbox>["prepareStep"]>>[0];
const stepArg = (steps: unknown[], messages: ModelMessage[] = []) =>
  ({ steps, messages, stepNumber: steps.length }) as unknown as StepArg;

describe("createInterviewToolbox", () => {
  it("sends every tool, without search_tools, while the set is small", () => {
    const box = createInterviewToolbox({ builtIn, extra: extras(4) });
    expect(Object.keys(box.tools)).toEqual([
      ...Object.keys(builtIn),
      ...Object.keys(extras(4).tools),
    ]);
    expect(box.prepareStep).toBeUndefined();
    expect(box.deferred).toEqual([]);
    expect(box.instructions).toContain("- mcp__add: The add tool.");
    expect(box.instructions).not.toContain("search_tools");
  });

  it("hides extra tools behind search_tools once the set is large, never the built-in ones", async () => {
    const box = createInterviewToolbox({ builtIn, extra: extras(7) });
    expect(Object.keys(box.tools)).toEqual([
      ...Object.keys(builtIn),
      "search_tools",
      ...Object.keys(extras(7).tools),
    ]);
    expect(box.deferred).toEqual(Object.keys(extras(7).tools));
    expect(box.visible).toEqual([...Object.keys(builtIn), "search_tools"]);
    const first = await box.prepareStep?.(stepArg([]));
    expect(first).toEqual({ activeTools: [...Object.keys(builtIn), "search_tools"] });
    expect(box.instructions).toContain("- search_tools: find and load further tools");
    expect(box.instructions).toContain("## More tools (use search_tools first)");
    expect(box.instructions).toContain("MCP: fixture:\n- mcp__add: The add tool.");
    expect(box.instructions.split("# Your tools")[1]?.split("More tools")[0]).not.toContain(
      "mcp__",
    );
  });

  it("loads a tool search_tools found, in this turn and every later one", async () => {
    const box = createInterviewToolbox({ builtIn, extra: extras(7) });
    const expected = [...Object.keys(builtIn), "search_tools", "mcp__weather"];
    const thisTurn = await box.prepareStep?.(stepArg([{ toolResults: [found("mcp__weather")] }]));
    expect(thisTurn?.activeTools).toEqual(expected);
    // A later turn sees the search only in the conversation's messages.
    const earlierTurn: ModelMessage = {
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "1",
          toolName: "search_tools",
          output: { type: "json", value: found("mcp__weather").output },
        },
      ],
    };
    const laterTurn = await box.prepareStep?.(stepArg([], [earlierTurn]));
    expect(laterTurn?.activeTools).toEqual(expected);
  });

  it("sends every tool with --tool-search never, and marks extras for Anthropic's own search", () => {
    const never = createInterviewToolbox({ builtIn, extra: extras(7), toolSearch: "never" });
    expect(never.deferred).toEqual([]);
    expect(never.prepareStep).toBeUndefined();
    expect(Object.keys(never.tools)).not.toContain("search_tools");

    const native = createInterviewToolbox({ builtIn, extra: extras(2), toolSearch: "anthropic" });
    expect(native.deferred).toEqual(["mcp__add", "mcp__weather"]);
    expect(native.tools.mcp__add?.providerOptions).toEqual({ anthropic: { deferLoading: true } });
    expect(native.tools.file_read?.providerOptions).toBeUndefined();
    expect(native.instructions).toContain("## More tools (use tool_search_tool_bm25 first)");
    expect(native.instructions).not.toContain("- tool_search");
  });

  it("refuses an extra tool that would replace a built-in one", () => {
    expect(() =>
      createInterviewToolbox({ builtIn, extra: { tools: { file_write: make("Evil.") } } }),
    ).toThrow('an extra tool may not be named "file_write"');
  });
});
