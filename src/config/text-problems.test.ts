import { describe, expect, it } from "vitest";
import { normalizeLineBreaks, textProblem } from "./text-problems.ts";

describe("textProblem", () => {
  it.each([
    ["plain words", undefined],
    ["tab\tand\nnewline", undefined],
    ["emoji 😀 and accents é", undefined],
    ["a\rb", "must not contain control characters (U+000D at character 2)"],
    ["abc\u001b]0;pwned\u0007", "must not contain control characters (U+001B at character 4)"],
    ["red\u009b31m", "must not contain control characters (U+009B at character 4)"],
    ["del\u007f", "must not contain control characters (U+007F at character 4)"],
    ["nul\u0000", "must not contain control characters (U+0000 at character 4)"],
    // Counted as a person counts: the emoji before it is one character, not two code units.
    ["😀\u001b", "must not contain control characters (U+001B at character 2)"],
    ["ok\ud800", "must be valid Unicode (U+D800 at character 3 is half of a surrogate pair)"],
    ["\udc00ok", "must be valid Unicode (U+DC00 at character 1 is half of a surrogate pair)"],
    // The first problem from the start is the one named.
    ["\ud800\u001b", "must be valid Unicode (U+D800 at character 1 is half of a surrogate pair)"],
    ["\u001b\ud800", "must not contain control characters (U+001B at character 1)"],
  ])("%j → %s", (text, problem) => {
    expect(textProblem(text)).toBe(problem);
  });
});

describe("normalizeLineBreaks", () => {
  it("turns Windows line breaks into newlines and leaves a lone carriage return to be refused", () => {
    expect(normalizeLineBreaks("a\r\nb\r\n")).toBe("a\nb\n");
    expect(normalizeLineBreaks("a\rb")).toBe("a\rb");
    expect(textProblem(normalizeLineBreaks("from a textarea\r\nsecond line"))).toBeUndefined();
  });
});
