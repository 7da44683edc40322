import { asSchema, type ToolSet } from "ai";

/**
 * The tool set with each input schema converted once for the whole run. The SDK turns a zod
 * schema into JSON Schema again for every tool at every step (a new `asSchema` wrapper each
 * time, nothing cached); a Schema object memoizes its JSON Schema, so converting up front makes
 * every later step reuse it. Validation is unchanged: the Schema validates with the zod schema.
 */
export function withSchemasOnce(tools: ToolSet): ToolSet {
  const converted: ToolSet = {};
  for (const [name, tool] of Object.entries(tools)) {
    const isFunction =
      tool.type === undefined || tool.type === "function" || tool.type === "dynamic";
    converted[name] =
      isFunction && tool.inputSchema !== undefined
        ? ({ ...tool, inputSchema: asSchema(tool.inputSchema) } as ToolSet[string])
        : tool;
  }
  return converted;
}
