import type { JSONSchema7 } from "ai";
import { cleanServerText } from "./mcp-tool-description.ts";

/** Per text in a schema: a parameter's description is for a hint, not a page. */
const MAX_SCHEMA_TEXT_CHARS = 200;
/** Schemas deeper than this are cut: no real tool needs it, and the walk stays bounded. */
const MAX_DEPTH = 12;
const TEXT_KEYS = new Set(["description", "title", "$comment"]);

/**
 * A server's input schema as the model gets it. Parameter descriptions and titles are read by
 * the model next to the tool's own description, so they are as good a hiding place for
 * instructions: each is cleaned and capped like the description. `examples` (free text the
 * model also reads) are dropped; the structure that validates input is kept as it is.
 */
export function cleanInputSchema(schema: unknown): JSONSchema7 {
  return clean(schema, 0) as JSONSchema7;
}

function clean(value: unknown, depth: number): unknown {
  if (Array.isArray(value)) return depth > MAX_DEPTH ? [] : value.map((v) => clean(v, depth + 1));
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_DEPTH) return {};
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === "examples") continue;
    // Under "properties" the keys are parameter names, whose values are schemas, never text.
    out[key] =
      TEXT_KEYS.has(key) && typeof inner === "string"
        ? cleanServerText(inner, MAX_SCHEMA_TEXT_CHARS)
        : clean(inner, depth + 1);
  }
  return out;
}
