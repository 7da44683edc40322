/**
 * The one-line parameter summary search_tools shows, read from a tool's JSON schema (what the
 * provider is sent), so it can never drift from the real input:
 * "url (string, required): The page to fetch; days (integer, optional, default: 7)".
 */
export function summarizeParameters(schema: unknown): string {
  const properties = objectProperties(schema);
  if (properties.length === 0) return "none";
  const required = new Set(requiredNames(schema));
  return properties
    .map(([name, property]) => {
      const facts = [typeOf(property), required.has(name) ? "required" : "optional"];
      const fallback = (property as { default?: unknown }).default;
      if (fallback !== undefined) facts.push(`default: ${JSON.stringify(fallback)}`);
      const description = (property as { description?: unknown }).description;
      const text = typeof description === "string" ? `: ${oneLine(description)}` : "";
      return `${name} (${facts.join(", ")})${text}`;
    })
    .join("; ");
}

/** The top-level property names, in schema order. */
export function parameterNames(schema: unknown): string[] {
  return objectProperties(schema).map(([name]) => name);
}

/** A call example built from the schema: required parameters with placeholder values. */
export function usageExample(name: string, schema: unknown): string {
  const required = new Set(requiredNames(schema));
  const args = objectProperties(schema)
    .filter(([key]) => required.has(key))
    .map(([key, property]) => `${key}: ${placeholder(property)}`);
  return args.length ? `${name}({ ${args.join(", ")} })` : `${name}({})`;
}

type Property = Record<string, unknown>;

function objectProperties(schema: unknown): [string, Property][] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return [];
  return Object.entries(schema.properties).filter((e): e is [string, Property] => isRecord(e[1]));
}

function requiredNames(schema: unknown): string[] {
  if (!isRecord(schema) || !Array.isArray(schema.required)) return [];
  return schema.required.filter((n): n is string => typeof n === "string");
}

function typeOf(property: Property): string {
  if (Array.isArray(property.enum)) return `enum: ${property.enum.map(String).join("|")}`;
  if (property.const !== undefined) return `const: ${String(property.const)}`;
  const variants = property.anyOf ?? property.oneOf;
  if (Array.isArray(variants)) {
    const kinds = variants
      .filter(isRecord)
      .map(typeOf)
      .filter((t) => t !== "null");
    return [...new Set(kinds)].join(" | ") || "any";
  }
  const type = property.type;
  if (Array.isArray(type)) return type.filter((t) => t !== "null").join(" | ") || "any";
  if (type === "array") {
    const items = isRecord(property.items) ? typeOf(property.items) : "any";
    return items.includes(" ") ? `(${items})[]` : `${items}[]`;
  }
  return typeof type === "string" ? type : "any";
}

function placeholder(property: Property): string {
  const type = typeOf(property);
  if (type.startsWith("enum: ")) return `'${type.slice(6).split("|")[0]}'`;
  if (type === "string") return "'…'";
  if (type === "number" || type === "integer") return "1";
  if (type === "boolean") return "true";
  if (type.endsWith("[]")) return "[…]";
  return "{…}";
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
