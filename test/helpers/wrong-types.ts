import type { z } from "zod";

/** What a field takes, read from its zod schema, with the words a refusal must use for it. */
export interface FieldKind {
  type: "string" | "boolean" | "number" | "enum" | "array";
  /** Values of another type than the field takes (what a new user sends by mistake). */
  wrong: unknown[];
  /** A refusal must say what the field takes: each of these in the message. */
  words: string[];
}

/**
 * The kind of each field of an object schema, unwrapping optional, default and the like. A
 * field of a kind this does not know fails the caller's test: whoever adds it decides which
 * words a refusal for it must use, instead of the field going unchecked.
 */
export function fieldKinds(shape: Record<string, z.ZodType>): Array<[string, FieldKind]> {
  return Object.entries(shape).map(([name, schema]) => [name, kindOf(name, schema)]);
}

function kindOf(name: string, schema: z.ZodType): FieldKind {
  const def = schema._zod.def as {
    type: string;
    innerType?: z.ZodType;
    in?: z.ZodType;
    entries?: Record<string, string>;
  };
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
    case "nullable":
    case "readonly":
      return kindOf(name, def.innerType!);
    case "pipe":
      return kindOf(name, def.in!);
    case "string":
      return { type: "string", wrong: [42, true, { a: 1 }, ["x"]], words: ["text"] };
    case "boolean":
      return { type: "boolean", wrong: ["yes", "true", 1, null], words: ["true or false"] };
    case "number":
      return { type: "number", wrong: ["3", true, [3]], words: ["number"] };
    case "enum": {
      const options = Object.values(def.entries ?? {});
      return {
        type: "enum",
        wrong: [5, true, "not-an-option"],
        words: options.map((o) => `"${o}"`),
      };
    }
    case "array":
      return { type: "array", wrong: ["a.com", 5, { a: 1 }], words: ["list"] };
    default:
      throw new Error(`field ${name}: no rule for a ${def.type} field; add one to wrong-types.ts`);
  }
}
