import { describe, expect, it } from "vitest";
import { importDecision, type McpToolAccess } from "./mcp-tool-access.ts";
import { formatAnnotations, toolAnnotations } from "./mcp-tool-annotations.ts";

const decide = (annotations: Record<string, unknown> | undefined, access: McpToolAccess = {}) =>
  importDecision("notes", access, "t", toolAnnotations({ annotations }));

const WRITE = '(set "allowWrite": true for server "notes" to import it)';
const OPEN = '(set "allowOpenWorld": true for server "notes" to import it)';

describe("importDecision: read-only tools by default", () => {
  it.each([
    ["read-only and closed-world", { readOnlyHint: true, openWorldHint: false }],
    ["read-only, open-world not stated", { readOnlyHint: true }],
    ["read-only, destructive explicitly false", { readOnlyHint: true, destructiveHint: false }],
  ])("imports a tool that is %s", (_label, annotations) => {
    expect(decide(annotations)).toEqual({ imported: true });
  });

  it.each([
    ["no annotations", undefined, `no annotations, so presumed able to write ${WRITE}`],
    ["an empty annotations object", {}, `no annotations, so presumed able to write ${WRITE}`],
    ["hints that leave readOnly out", { openWorldHint: false }, `not marked read-only ${WRITE}`],
    ["readOnly false (destructive by default)", { readOnlyHint: false }, `destructive ${WRITE}`],
    [
      "readOnly false, destructive false",
      { readOnlyHint: false, destructiveHint: false },
      `not read-only ${WRITE}`,
    ],
    [
      "readOnly and destructive both true",
      { readOnlyHint: true, destructiveHint: true },
      `marked destructive ${WRITE}`,
    ],
    [
      "read-only but explicitly open-world",
      { readOnlyHint: true, openWorldHint: true },
      `open-world ${OPEN}`,
    ],
    [
      "a string where a boolean belongs",
      { readOnlyHint: "true" },
      `no annotations, so presumed able to write ${WRITE}`,
    ],
  ])("skips a tool with %s, naming the opt-in", (_label, annotations, reason) => {
    expect(decide(annotations)).toMatchObject({ imported: false, reason });
  });

  it("asks for both opt-ins when a tool writes to the open world, and only the missing one after", () => {
    const publish = { readOnlyHint: false, destructiveHint: false, openWorldHint: true };
    expect(decide(publish)).toEqual({
      imported: false,
      reason:
        'not read-only and open-world (set "allowWrite": true and "allowOpenWorld": true for server "notes" to import it)',
      summary: "not read-only and open-world",
      needs: ["allowWrite", "allowOpenWorld"],
    });
    expect(decide(publish, { allowWrite: true })).toMatchObject({
      reason: `open-world ${OPEN}`,
      needs: ["allowOpenWorld"],
    });
    expect(decide(publish, { allowOpenWorld: true })).toMatchObject({ needs: ["allowWrite"] });
    expect(decide(publish, { allowWrite: true, allowOpenWorld: true })).toEqual({
      imported: true,
    });
  });

  it("imports destructive and unannotated tools with allowWrite, open-world ones with allowOpenWorld", () => {
    expect(decide({ readOnlyHint: false }, { allowWrite: true })).toEqual({ imported: true });
    expect(decide(undefined, { allowWrite: true })).toEqual({ imported: true });
    expect(decide({ readOnlyHint: false }, { allowOpenWorld: true })).toMatchObject({
      imported: false,
    });
    expect(decide({ readOnlyHint: true, openWorldHint: true }, { allowOpenWorld: true })).toEqual({
      imported: true,
    });
  });

  it("considers only the tools in the allowlist, whatever the opt-ins", () => {
    const access = { tools: ["other"], allowWrite: true, allowOpenWorld: true };
    expect(decide({ readOnlyHint: true }, access)).toEqual({
      imported: false,
      reason: 'not listed in "tools" for server "notes"',
      summary: 'not in "tools"',
      needs: [],
    });
    expect(decide({ readOnlyHint: true }, { tools: ["t"] })).toEqual({ imported: true });
    expect(decide({ readOnlyHint: false }, { tools: ["t"] })).toMatchObject({ imported: false });
  });
});

describe("formatAnnotations", () => {
  it("shows each hint as given, and the specification's default where it is absent", () => {
    expect(formatAnnotations(toolAnnotations({ annotations: { readOnlyHint: true } }))).toBe(
      "readOnly true, destructive true (default), openWorld true (default), idempotent false (default)",
    );
    const given = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };
    expect(
      formatAnnotations(toolAnnotations({ annotations: { ...given, idempotentHint: true } })),
    ).toBe("readOnly false, destructive false, openWorld false, idempotent true");
  });
});
