import { asSchema, type Tool } from "ai";
import type { CatalogEntry } from "./catalog-entry.ts";
import { summarizeParameters, usageExample } from "./parameter-summary.ts";

/** What a tool cannot say about itself: where it belongs and how it is loaded. */
export interface CatalogMetadata {
  category: string;
  core: boolean;
  /** A call example; without one, an example is built from the schema's required parameters. */
  usage?: string;
  aliases?: readonly string[];
  relatedSkill?: string;
}

/**
 * A catalog entry read from a registered AI SDK tool: the description the model is sent and the
 * parameter summary of its input schema (zod, or plain JSON schema for dynamic MCP tools), so
 * search_tools always describes the tool that actually runs.
 */
export function catalogEntryFromTool(
  name: string,
  tool: Tool,
  meta: CatalogMetadata,
): CatalogEntry {
  const description = typeof tool.description === "string" ? tool.description.trim() : "";
  if (!description) {
    // A function-valued description depends on per-call context the catalog does not have.
    throw new Error(`tool catalog: "${name}" needs a fixed string description to be searchable`);
  }
  const schema = jsonSchemaOf(name, tool);
  return {
    name,
    category: meta.category,
    description,
    parameters: summarizeParameters(schema),
    usage: meta.usage ?? usageExample(name, schema),
    core: meta.core,
    ...(meta.aliases ? { aliases: [...meta.aliases] } : {}),
    ...(meta.relatedSkill ? { relatedSkill: meta.relatedSkill } : {}),
  };
}

function jsonSchemaOf(name: string, tool: Tool): unknown {
  if (tool.inputSchema === undefined) return {};
  const schema = asSchema(tool.inputSchema).jsonSchema;
  if (typeof (schema as PromiseLike<unknown>).then === "function") {
    throw new Error(
      `tool catalog: "${name}" has a lazily resolved input schema; resolve it before cataloguing`,
    );
  }
  return schema;
}
