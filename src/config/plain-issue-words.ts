import type { z } from "zod";

/** The parts of a zod issue (raw, as an error map gets it, or final) that the words come from. */
type IssueLike = Pick<z.core.$ZodRawIssue, "code"> & {
  expected?: unknown;
  values?: readonly unknown[];
  keys?: readonly string[];
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  divisor?: unknown;
  format?: unknown;
  errors?: ReadonlyArray<ReadonlyArray<{ code: string; expected?: unknown }>>;
};

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  object: "an object",
  record: "an object",
  map: "an object",
  array: "a list",
  set: "a list",
  tuple: "a list",
  date: "a date",
  null: "null",
};

/**
 * A zod failure in the product's words, for a schema that gave none of its own: what the field
 * takes ("must be true or false", "must be one of "a", "b""), never what zod found ("Invalid
 * input: expected boolean, received string"), which says nothing a person can act on. Usable as
 * a per-parse error map (it answers undefined for what it has no words for) and by zodMessage.
 */
export function plainIssueWords(issue: IssueLike): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      return `must be ${typeWords(issue.expected)}`;
    case "invalid_value":
      return issue.values?.length === 1
        ? `must be ${quoted(issue.values[0])}`
        : `must be one of ${(issue.values ?? []).map(quoted).join(", ")}`;
    case "unrecognized_keys":
      return `unknown field ${(issue.keys ?? []).map((key) => JSON.stringify(key)).join(", ")}`;
    case "too_small":
      return `must ${sizeWords(issue.origin, "at least", issue.minimum, issue.inclusive)}`;
    case "too_big":
      return `must ${sizeWords(issue.origin, "at most", issue.maximum, issue.inclusive)}`;
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    case "invalid_format":
      return issue.format === "regex"
        ? "is not in the form it takes"
        : `must be a valid ${String(issue.format)}`;
    case "invalid_union":
      return unionWords(issue.errors);
    case "invalid_key":
      return "has a field name it does not take";
    case "invalid_element":
      return "holds a value it does not take";
    default:
      return undefined;
  }
}

/**
 * zod's own English messages (its "en" locale), told apart from a schema's by how they start;
 * a schema's message never starts like these, zod's always do.
 */
const ZOD_DEFAULT =
  /^(?:Invalid (?:input|option|string|number|key|value|discriminator)\b|Too (?:big|small):|Unrecognized keys?:)/;

export function isZodDefaultMessage(message: string): boolean {
  return ZOD_DEFAULT.test(message);
}

function typeWords(expected: unknown): string {
  return TYPE_WORDS[String(expected)] ?? `of type ${String(expected)}`;
}

function quoted(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

function sizeWords(origin: unknown, bound: string, limit: unknown, inclusive = true): string {
  const n = String(limit);
  switch (origin) {
    case "string":
      return `be ${bound} ${n} characters`;
    case "array":
    case "set":
      return `hold ${bound} ${n} items`;
    default:
      if (inclusive) return `be ${bound} ${n}`;
      return `be ${bound === "at least" ? "more" : "less"} than ${n}`;
  }
}

/** "must be text or a number" when each option failed on its type, else a general line. */
function unionWords(errors: IssueLike["errors"]): string {
  const expected = (errors ?? []).map((option) =>
    option.length === 1 && option[0]?.code === "invalid_type" ? option[0].expected : undefined,
  );
  if (expected.length > 0 && expected.every((e) => e !== undefined)) {
    return `must be ${[...new Set(expected.map(typeWords))].join(" or ")}`;
  }
  return "is not in a form it takes";
}
