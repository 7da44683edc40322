import { describe, expect, it } from "vitest";
import { createFailureLog } from "./failure-log.ts";

describe("createFailureLog", () => {
  it("writes a repeating line once per backoff period, the period doubling up to its cap", () => {
    let now = 0;
    const written: number[] = [];
    const report = createFailureLog(
      { error: () => written.push(now) },
      { initialMs: 1_000, maxMs: 4_000 },
      () => now,
    );
    for (now = 0; now <= 20_000; now += 100) report("the disk is full");
    expect(written).toEqual([0, 1_000, 3_000, 7_000, 11_000, 15_000, 19_000]);
  });

  it("keeps distinct lines apart, and starts a line over once it has been quiet", () => {
    let now = 0;
    const lines: string[] = [];
    const report = createFailureLog(
      { error: (line) => lines.push(line) },
      { initialMs: 1_000, maxMs: 4_000 },
      () => now,
    );
    report("a");
    report("b");
    report("a");
    now = 500;
    report("b");
    now = 20_000;
    report("a");
    now = 20_999;
    report("a");
    expect(lines).toEqual(["a", "b", "a"]);
  });
});
