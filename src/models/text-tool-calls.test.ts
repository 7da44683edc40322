import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { writtenToolCall } from "./text-tool-calls.ts";

const tools: LanguageModelV4CallOptions["tools"] = [
  { type: "function", name: "web_search", inputSchema: { type: "object" } },
];
const call = (text: string, toolChoice?: LanguageModelV4CallOptions["toolChoice"]) =>
  writtenToolCall([{ type: "text", text }], { tools, ...(toolChoice ? { toolChoice } : {}) });
const SEARCH = { toolName: "web_search", input: '{"query":"soil"}' };

describe("writtenToolCall: an answer that is a tool call written as text", () => {
  it.each([
    ["bare JSON", '{"name": "web_search", "arguments": {"query": "soil"}}'],
    [
      "Qwen/Hermes tags",
      '<tool_call>\n{"name": "web_search", "arguments": {"query": "soil"}}\n</tool_call>',
    ],
    ["a code fence", '```json\n{"name": "web_search", "parameters": {"query": "soil"}}\n```'],
    [
      "arguments as a JSON string",
      '{"name": "web_search", "arguments": "{\\"query\\": \\"soil\\"}"}',
    ],
  ])("becomes the call it spells out: %s", (_, text) => {
    expect(call(text)).toEqual(SEARCH);
  });

  it.each([
    ["a tool this request did not offer", '{"name": "delete_everything", "arguments": {}}'],
    ["a call with prose around it", 'I will search: {"name": "web_search", "arguments": {}}'],
    ["JSON with more than a name and arguments", '{"name": "web_search", "arguments": {}, "x": 1}'],
    ["a report", "# Plant reminders\n\nSensors drift."],
  ])("stays text: %s", (_, text) => {
    expect(call(text)).toBeUndefined();
  });

  it("stays text when tools are off for the step (the final report) or another tool is forced", () => {
    const text = '{"name": "web_search", "arguments": {"query": "soil"}}';
    expect(call(text, { type: "none" })).toBeUndefined();
    expect(call(text, { type: "tool", toolName: "read_research" })).toBeUndefined();
  });

  it("stays as it is when the model also made a real call", () => {
    const text = '{"name": "web_search", "arguments": {"query": "soil"}}';
    const content = [
      { type: "text" as const, text },
      { type: "tool-call" as const, toolCallId: "1", toolName: "web_search", input: "{}" },
    ];
    expect(writtenToolCall(content, { tools })).toBeUndefined();
  });
});
