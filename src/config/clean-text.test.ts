import { describe, expect, it } from "vitest";
import { cleanUntrustedText } from "./clean-text.ts";
import { textProblem } from "./text-problems.ts";

describe("cleanUntrustedText", () => {
  it.each([
    ["plain\ttext\nkept, é 😀", "plain\ttext\nkept, é 😀"],
    ["windows\r\nline\r\nbreaks", "windows\nline\nbreaks"],
    ["old mac\rline", "old mac\nline"],
    ["\u001b[31mred\u001b[0m text", "red text"],
    ["\u009b1;31mC1 red", "C1 red"],
    ["\u001b]0;new title\u0007after", "after"],
    ["\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\", "link"],
    ["bell\u0007 nul\u0000 del\u007f", "bell nul del"],
    ["half \ud800 pair", "half \ufffd pair"],
  ])("%j → %j", (text, cleaned) => {
    expect(cleanUntrustedText(text)).toBe(cleaned);
  });

  it("always leaves text that the request's own checks accept", () => {
    const hostile = "\u001b[2J\r\u0000\u009b\ud800\udc00\udfff\u001b]0;x";
    expect(textProblem(cleanUntrustedText(hostile))).toBeUndefined();
  });
});
