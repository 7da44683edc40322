import { InvalidToolInputError, NoSuchToolError, type StepResult, type ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { rejectedToolCalls } from "./rejected-tool-calls.ts";

type Content = StepResult<ToolSet>["content"];

const invalidCall = (toolName: string, input: unknown, error: unknown) =>
  ({
    type: "tool-call",
    toolCallId: toolName,
    toolName,
    input,
    dynamic: true,
    invalid: true,
    error,
  }) as Content[number];

describe("rejectedToolCalls", () => {
  it("records unknown tools and rejected input, with the path or query the model gave", () => {
    const content = [
      invalidCall(
        "delete_everything",
        { query: "all" },
        new NoSuchToolError({ toolName: "delete_everything" }),
      ),
      invalidCall(
        "read_research",
        { path: 42 },
        new InvalidToolInputError({
          toolName: "read_research",
          toolInput: '{"path":42}',
          cause: new Error("expected string"),
        }),
      ),
      invalidCall(
        "file_read",
        "{not json",
        new InvalidToolInputError({
          toolName: "file_read",
          toolInput: "{not json",
          cause: new Error("bad JSON"),
        }),
      ),
    ];
    expect(rejectedToolCalls({ content })).toEqual([
      {
        name: "delete_everything",
        query: "all",
        durationMs: 0,
        ok: false,
        errorType: "unknown_tool",
      },
      { name: "read_research", durationMs: 0, ok: false, errorType: "invalid_input" },
      { name: "file_read", durationMs: 0, ok: false, errorType: "invalid_input" },
    ]);
  });

  it("leaves calls that reached a tool to the tool's own record", () => {
    const content = [
      {
        type: "tool-call",
        toolCallId: "a",
        toolName: "read_research",
        input: { path: "x/research.md" },
      },
      {
        type: "tool-call",
        toolCallId: "b",
        toolName: "web_search",
        input: { query: "q" },
        providerExecuted: true,
      },
    ] as Content;
    expect(rejectedToolCalls({ content })).toEqual([]);
  });
});
