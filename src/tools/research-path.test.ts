import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateResearchPath } from "./research-path.ts";

describe("validateResearchPath: seed 001's table", () => {
  it.each([
    ["market/2024-06.md", "ideas/market/2024-06.md"],
    ["competitor-analysis.md", "ideas/competitor-analysis.md"],
  ])("accepts %s as %s", (input, path) => {
    expect(validateResearchPath(input)).toEqual({ ok: true, path });
  });

  it.each([
    ["../secrets", "path traversal"],
    ["/etc/passwd", "absolute"],
    ["foo\\bar.md", "backslash"],
    ["%2e%2e/secrets", "'%'"],
    ["ideas/market.md", "starts with 'ideas/'"],
    ["market/", "ends with '/'"],
    ["market//file.md", "'//'"],
  ])("rejects %s (%s)", (input, rule) => {
    const result = validateResearchPath(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(rule);
  });
});

describe("validateResearchPath: each step, in order", () => {
  it("1. trims whitespace around the path", () => {
    expect(validateResearchPath("  market/a.md\n")).toEqual({
      ok: true,
      path: "ideas/market/a.md",
    });
  });

  it.each(["a\u0000.md", "a\tb.md", "a\u001f.md"])(
    "2. rejects control characters in %j",
    (input) => {
      expect(validateResearchPath(input)).toMatchObject({
        ok: false,
        message: expect.stringContaining("control"),
      });
    },
  );

  it("2 before 3: a control character is reported even when % is present", () => {
    expect(validateResearchPath("%\u0001")).toMatchObject({
      message: expect.stringContaining("control"),
    });
  });

  it("3 before 4: '%2e%2e/..' is reported for its %", () => {
    expect(validateResearchPath("%2e%2e/../x")).toMatchObject({
      message: expect.stringContaining("'%'"),
    });
  });

  it("4 before 5: 'ideas/../x' is reported as traversal", () => {
    expect(validateResearchPath("ideas/../x")).toMatchObject({
      message: expect.stringContaining("'..'"),
    });
  });

  it("8. rejects characters outside the allowlist and a non-alphanumeric first character", () => {
    for (const input of ["a b.md", "a:b.md", "-x.md", "_x.md", "é.md", "a?.md"]) {
      expect(validateResearchPath(input)).toMatchObject({
        ok: false,
        message: expect.stringContaining("may only contain"),
      });
    }
  });

  it("rejects hidden segments and '.' segments", () => {
    for (const input of ["x/.env", "x/.git/config", "a/./b.md", "a/."]) {
      expect(validateResearchPath(input)).toMatchObject({
        ok: false,
        message: expect.stringContaining("hidden"),
      });
    }
  });

  it("rejects over 200 characters and accepts exactly 200", () => {
    const at = `${"a".repeat(197)}.md`;
    expect(validateResearchPath(at)).toEqual({ ok: true, path: `ideas/${at}` });
    expect(validateResearchPath(`a${at}`)).toMatchObject({
      ok: false,
      message: expect.stringContaining("200"),
    });
  });

  it.each([undefined, null, 7, {}, ["a.md"], Symbol("x")])(
    "answers %s with a result, never a throw",
    (input) => {
      expect(validateResearchPath(input)).toEqual({ ok: false, message: "Path must be a string" });
    },
  );

  it("rejects the empty and all-blank path", () => {
    expect(validateResearchPath("")).toMatchObject({ ok: false });
    expect(validateResearchPath("   ")).toMatchObject({ ok: false });
  });
});

describe("validateResearchPath: properties", () => {
  it("every accepted path stays inside ideas/ with no empty, dot or traversal segment", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 220 }), (input) => {
        const result = validateResearchPath(input);
        if (!result.ok) return;
        const rest = result.path.slice("ideas/".length);
        expect(result.path.startsWith("ideas/")).toBe(true);
        expect(rest.length).toBeLessThanOrEqual(200);
        for (const segment of rest.split("/")) {
          expect(segment).not.toBe("");
          expect(segment.startsWith(".")).toBe(false);
        }
        expect(rest).toMatch(/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/);
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws", () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(() => validateResearchPath(input)).not.toThrow();
      }),
    );
  });
});
