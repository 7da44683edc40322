import { describe, expect, it } from "vitest";
import { MAX_PATH_LENGTH, parseRelativePath } from "./relative-path.ts";
import { SandboxError } from "./sandbox-error.ts";

function reasonFor(input: unknown): string {
  try {
    parseRelativePath(input);
  } catch (error) {
    expect(error).toBeInstanceOf(SandboxError);
    expect((error as SandboxError).code).toBe("invalid_path");
    return (error as SandboxError).message;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

describe("parseRelativePath", () => {
  it.each([
    ["a.md", ["a.md"]],
    ["src/index.ts", ["src", "index.ts"]],
    ["specs/sub/x.md", ["specs", "sub", "x.md"]],
    ["..notes/x", ["..notes", "x"]],
    ["%2e%2e/x", ["%2e%2e", "x"]],
    ["café/日本語.md", ["café", "日本語.md"]],
    ["a~b", ["a~b"]],
  ])("accepts %j as %j", (input, segments) => {
    expect(parseRelativePath(input)).toEqual(segments);
  });

  it.each([
    [42, "must be a string"],
    [null, "must be a string"],
    ["", "is empty"],
    ["/etc/passwd", "not absolute"],
    ["C:/x", "not absolute"],
    ["~/x", "(~)"],
    ["~root", "(~)"],
    ["../x", "'..'"],
    ["a/../../x", "'..'"],
    ["a/..", "'..'"],
    ["./a.md", "'.' segments"],
    ["a//b.md", "empty or '.'"],
    ["a/", "empty or '.'"],
    ["a/./b", "'.' segments"],
    [".", "'.' segments"],
    ["a\\b", "backslashes"],
    ["..\\..\\x", "backslashes"],
    ["a\0b", "control or invisible"],
    ["a\nb", "control or invisible"],
    ["a\u0085b", "control or invisible"],
    ["a\u202eb", "control or invisible"],
    ["a\u200bb", "control or invisible"],
    ["a\ud800b", "control or invisible"],
    ["x".repeat(MAX_PATH_LENGTH + 1), "longer than"],
    [`${"x".repeat(256)}/a`, "longer than 255 bytes"],
  ])("refuses %j (%s)", (input, reason) => {
    expect(reasonFor(input)).toContain(reason);
  });

  it("names the given path, quoted and escaped, in the message", () => {
    expect(reasonFor("../secret")).toBe(`Invalid path "../secret": '..' segments are not allowed`);
    expect(reasonFor("a\0b")).toContain('"a\\u0000b"');
  });

  it("accepts the empty path as the root only when asked", () => {
    expect(parseRelativePath("", { allowRoot: true })).toEqual([]);
  });
});
