import { describe, expect, it } from "vitest";
import { BoundedLineReader } from "./bounded-line-reader.ts";

function reader(maxBytes: number) {
  const events: string[] = [];
  const lines = new BoundedLineReader(maxBytes, {
    line: (text) => events.push(`line ${text}`),
    oversized: () => events.push("oversized"),
  });
  return { lines, events };
}

describe("BoundedLineReader", () => {
  it("splits lines across chunk boundaries, drops CR of CRLF, and keeps a split character whole", () => {
    const { lines, events } = reader(100);
    const euro = Buffer.from("€", "utf8");
    lines.push("one\r\ntw");
    lines.push(Buffer.concat([Buffer.from("o "), euro.subarray(0, 1)]));
    lines.push(Buffer.concat([euro.subarray(1), Buffer.from("\nthree")]));
    expect(events).toEqual(["line one", "line two €"]);
    lines.push("\n");
    expect(events).toEqual(["line one", "line two €", "line three"]);
  });

  it("reports a line over the limit as soon as it passes it, skips the rest, and reads the next", () => {
    const { lines, events } = reader(8);
    lines.push("12345678");
    expect(events).toEqual([]);
    lines.push("9");
    expect(events).toEqual(["oversized"]);
    lines.push("x".repeat(1000));
    lines.push("tail\nnext\n");
    expect(events).toEqual(["oversized", "line next"]);
  });

  it("a line of exactly the limit is read", () => {
    const { lines, events } = reader(4);
    lines.push("abcd\n");
    expect(events).toEqual(["line abcd"]);
  });
});
