import type { Tool, ToolSet } from "ai";
import type { CatalogEntry } from "./catalog-entry.ts";
import { type CatalogMetadata, catalogEntryFromTool } from "./catalog-entry-from-tool.ts";

export interface ToolSetCatalogOptions {
  /** Per tool name: category, usage, aliases, skill. The core flag comes from `core`. */
  metadata?: Readonly<Record<string, Omit<CatalogMetadata, "core">>>;
  /** Names of the tools that are always loaded and described in the prompt. */
  core: readonly string[];
  /** The category of a tool without metadata, e.g. "MCP: github" for imported MCP tools. */
  categoryOf?: (name: string, tool: Tool) => string;
}

/**
 * Catalog entries for every tool of a tool set that describes itself. Provider-executed tools
 * (Anthropic's server-side web search) have no description or schema of ours: they are left out
 * of the catalog, and deferral keeps tools without an entry always loaded.
 */
export function catalogEntriesFromToolSet(
  tools: ToolSet,
  options: ToolSetCatalogOptions,
): CatalogEntry[] {
  const core = new Set(options.core);
  const entries: CatalogEntry[] = [];
  for (const [name, tool] of Object.entries(tools)) {
    if (tool.type === "provider" || typeof tool.description !== "string") continue;
    const meta = options.metadata?.[name];
    const category = meta?.category ?? options.categoryOf?.(name, tool) ?? defaultCategory(tool);
    entries.push(catalogEntryFromTool(name, tool, { ...meta, category, core: core.has(name) }));
  }
  return entries;
}

function defaultCategory(tool: Tool): string {
  return tool.type === "dynamic" ? "MCP tools" : "Other";
}
