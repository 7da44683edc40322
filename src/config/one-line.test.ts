import { describe, expect, it } from "vitest";
import { oneLine } from "./one-line.ts";

describe("oneLine", () => {
  it("folds line breaks and runs of whitespace into single spaces", () => {
    expect(oneLine("  first\r\n\tsecond   third \n")).toBe("first second third");
  });

  it("cuts past max characters, the ellipsis included", () => {
    expect(oneLine("abcdefghij", 5)).toBe("abcd…");
    expect(oneLine("abcde", 5)).toBe("abcde");
  });
});
