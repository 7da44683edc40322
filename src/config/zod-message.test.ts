import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodMessage } from "./zod-message.ts";

/** A schema with no messages of its own: every line below is the product's fallback. */
const bare = z.strictObject({
  flag: z.boolean().optional(),
  text: z.string().min(2).max(3).optional(),
  count: z.number().int().min(1).optional(),
  ratio: z.number().gt(0).optional(),
  kind: z.enum(["a", "b"]).optional(),
  only: z.literal("x").optional(),
  list: z.array(z.string()).max(1).optional(),
  either: z.union([z.string(), z.number()]).optional(),
  nested: z.object({ inner: z.boolean() }).optional(),
});

function lineFor(value: unknown): string {
  const parsed = bare.safeParse(value);
  if (parsed.success) throw new Error("accepted");
  return zodMessage(parsed.error);
}

describe("zodMessage", () => {
  it.each([
    [{ flag: "yes" }, "flag: must be true or false"],
    [{ text: 5 }, "text: must be text"],
    [{ text: "a" }, "text: must be at least 2 characters"],
    [{ text: "abcd" }, "text: must be at most 3 characters"],
    [{ count: "3" }, "count: must be a number"],
    [{ count: 1.5 }, "count: must be a whole number"],
    [{ count: 0 }, "count: must be at least 1"],
    [{ ratio: 0 }, "ratio: must be more than 0"],
    [{ kind: "c" }, 'kind: must be one of "a", "b"'],
    [{ only: "y" }, 'only: must be "x"'],
    [{ list: "a" }, "list: must be a list"],
    [{ list: ["a", "b"] }, "list: must hold at most 1 items"],
    [{ either: true }, "either: must be text or a number"],
    [{ nested: { inner: 1 } }, "nested.inner: must be true or false"],
    [{ nested: [] }, "nested: must be an object"],
    [{ bogus: 1 }, 'unknown field "bogus"'],
    ["body", "must be an object"],
  ])("%j → %s, in the product's words, never zod's", (value, line) => {
    const message = lineFor(value);
    expect(message).toBe(line);
    expect(message).not.toMatch(/Invalid input|received|expected/i);
  });

  it("keeps a schema's own message", () => {
    const own = z.object({ mode: z.enum(["x"], { error: () => 'must be "x", the only mode' }) });
    const parsed = own.safeParse({ mode: 1 });
    expect(parsed.success || zodMessage(parsed.error, { mode: "--mode" })).toBe(
      '--mode: must be "x", the only mode',
    );
  });
});
