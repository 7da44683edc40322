import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { compactHistory } from "./compact-history.ts";

function exchange(n: number, resultChars: number): ModelMessage[] {
  return [
    { role: "user", content: `question ${n}` },
    {
      role: "assistant",
      content: [{ type: "tool-call", toolCallId: `c${n}`, toolName: "file_read", input: { n } }],
    },
    {
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: `c${n}`,
          toolName: "file_read",
          output: { type: "text", value: "x".repeat(resultChars) },
        },
      ],
    },
    { role: "assistant", content: `answer ${n}` },
  ];
}

const size = (messages: ModelMessage[]) => JSON.stringify(messages).length;
const resultOf = (message: ModelMessage | undefined) =>
  message?.role === "tool" && message.content[0]?.type === "tool-result"
    ? (message.content[0].output as { value: string }).value
    : undefined;

describe("compactHistory", () => {
  it("returns a conversation that fits unchanged", () => {
    const messages = [...exchange(1, 100), ...exchange(2, 100)];
    expect(compactHistory(messages, 10_000)).toEqual(messages);
  });

  it("drops the oldest tool results first, until it fits, keeping every call paired", () => {
    const messages = [...exchange(1, 5_000), ...exchange(2, 5_000), ...exchange(3, 5_000)];
    const compacted = compactHistory(messages, 12_000);

    expect(size(compacted)).toBeLessThanOrEqual(12_000);
    expect(resultOf(compacted[2])).toMatch(/^\[file_read result left out/);
    expect(resultOf(compacted[10])).toBe("x".repeat(5_000));
    // Same shape: every tool call still has its result, and what was said is kept verbatim.
    expect(compacted).toHaveLength(messages.length);
    expect(compacted.map((m) => m.role)).toEqual(messages.map((m) => m.role));
    expect(compacted[0]).toEqual(messages[0]);
    expect(compacted[3]).toEqual(messages[3]);
    // The input is not modified.
    expect(resultOf(messages[2])).toBe("x".repeat(5_000));
  });

  it("keeps what the people said even when it alone is over the budget", () => {
    const long: ModelMessage[] = [{ role: "user", content: "y".repeat(2_000) }];
    expect(compactHistory(long, 100)).toEqual(long);
  });
});
