import { describe, expect, it } from "vitest";
import type { ToolCallLog } from "../tools/tool-call-log.ts";
import { createToolCallRecorder } from "./tool-call-recorder.ts";

const call: ToolCallLog = {
  name: "read_research",
  path: "a/research.md",
  durationMs: 3,
  ok: true,
  bytes: 10,
};

describe("createToolCallRecorder", () => {
  it("keeps every call, logs it as one JSON line and forwards it", () => {
    const lines: string[] = [];
    const seen: ToolCallLog[] = [];
    const recorder = createToolCallRecorder({
      sink: (l) => lines.push(l),
      onToolCall: (e) => seen.push(e),
    });
    recorder.record(call);

    expect(recorder.entries).toEqual([call]);
    expect(lines.map((l) => JSON.parse(l))).toEqual([{ event: "tool_call", ...call }]);
    expect(seen).toEqual([call]);
  });

  it("only collects when logging is off (stats mode)", () => {
    const lines: string[] = [];
    const recorder = createToolCallRecorder({ log: false, sink: (l) => lines.push(l) });
    recorder.record(call);

    expect(lines).toEqual([]);
    expect(recorder.entries).toEqual([call]);
  });
});
