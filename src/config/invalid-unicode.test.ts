import { describe, expect, it } from "vitest";
import { findInvalidUnicode } from "./invalid-unicode.ts";

const HALF = "must be valid Unicode (U+D800 at character 1 is half of a surrogate pair)";

describe("findInvalidUnicode", () => {
  it("finds a lone surrogate in any string of a parsed body, named by its path", () => {
    expect(findInvalidUnicode(JSON.parse('{"idea":"ok","context":"\\ud800"}'))).toEqual({
      path: "context",
      message: HALF,
    });
    expect(findInvalidUnicode({ fetch_allow_hosts: ["a.com", "\ud800"] })).toEqual({
      path: "fetch_allow_hosts.1",
      message: HALF,
    });
    expect(findInvalidUnicode({ a: { b: [{ c: "\ud800" }] } })?.path).toBe("a.b.0.c");
    expect(findInvalidUnicode("\ud800")).toEqual({ path: "", message: HALF });
  });

  it("names a field name that is not valid Unicode", () => {
    expect(findInvalidUnicode({ "\ud800": 1 })).toEqual({
      path: "",
      message: `a field name ${HALF}`,
    });
  });

  it("accepts valid text, pairs, numbers, booleans and null", () => {
    expect(findInvalidUnicode({ a: "😀", b: [1, true, null], c: { d: "\u001b" } })).toBeUndefined();
  });

  it("walks a body nested thousands of levels deep without overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(30_000)}"\\ud800"${"]".repeat(30_000)}`);
    expect(findInvalidUnicode(deep)?.message).toBe(HALF);
  });
});
