import { tool } from "ai";
import { z } from "zod";
import type { CatalogEntry, ToolCatalog } from "./catalog/catalog-entry.ts";
import { logToolCall, type OnToolCall } from "./tool-call-log.ts";

export const SEARCH_TOOLS_TOOL_NAME = "search_tools";
/** Long enough for a whole request pasted as the query (ToolLens has many over 200 characters). */
const MAX_QUERY_CHARS = 1000;
const MAX_LIMIT = 10;
const DEFAULT_LIMIT = 5;

export const searchToolsInputSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, "query must not be empty: describe the capability you need, e.g. 'read a web page'")
    .max(MAX_QUERY_CHARS, `query must be at most ${MAX_QUERY_CHARS} characters`)
    .describe(
      "What you need a tool for: a capability ('read a web page'), a category ('Codebase'), a " +
        `tool name ('web_fetch') or the request itself, up to ${MAX_QUERY_CHARS} characters.`,
    ),
  limit: z
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_LIMIT, `limit must be at most ${MAX_LIMIT}`)
    .optional()
    .describe(`How many tools to return, best first (default ${DEFAULT_LIMIT}).`),
});

export interface FoundTool {
  name: string;
  category: string;
  description: string;
  parameters: string;
  usage: string;
  relatedSkill: string | null;
}

export type SearchToolsOutput =
  | { query: string; results: FoundTool[] }
  | { query: string; results: []; allCategories: string[]; message: string };

export interface SearchToolsOptions {
  /** Receives one entry per call; without it each call is logged as one JSON line on stderr. */
  onToolCall?: OnToolCall;
  /** The names found by each call, best first, so a runner can load them for the next step. */
  onFound?: (names: string[]) => void;
}

/**
 * search_tools: ranked search over the catalog (see createToolCatalog). Core tools are left out
 * of the results: they are already loaded and described, and listing them would crowd out the
 * tools the model is actually looking for.
 */
export function createSearchToolsTool(catalog: ToolCatalog, options: SearchToolsOptions = {}) {
  const report = options.onToolCall ?? ((entry) => logToolCall(entry));
  const searchable = catalog.entries.filter((e) => !e.core);
  const categories = [...new Set(searchable.map((e) => e.category))];

  return tool({
    description:
      "Find more tools by describing what you need. Returns each matching tool's name, " +
      "description, parameters and a usage example; the tools it returns can be called from " +
      `your next step on. Categories: ${categories.join(", ") || "none"}.`,
    inputSchema: searchToolsInputSchema,
    execute: async ({ query, limit }): Promise<SearchToolsOutput> => {
      const started = performance.now();
      const wanted = limit ?? DEFAULT_LIMIT;
      // Ask for more than wanted so that dropping core entries still leaves `wanted` results.
      const found = catalog
        .search(query, { limit: wanted + catalog.entries.length - searchable.length })
        .filter((e) => !e.core)
        .slice(0, wanted);
      report({
        name: SEARCH_TOOLS_TOOL_NAME,
        query,
        durationMs: Math.round(performance.now() - started),
        ok: true,
        resultCount: found.length,
      });
      if (found.length === 0) {
        return {
          query,
          results: [],
          allCategories: categories,
          message:
            "No matching tools found. Try other words for the capability, or search by one of " +
            "the categories listed in allCategories.",
        };
      }
      options.onFound?.(found.map((e) => e.name));
      return { query, results: found.map(toFoundTool) };
    },
  });
}

function toFoundTool(entry: CatalogEntry): FoundTool {
  return {
    name: entry.name,
    category: entry.category,
    description: entry.description,
    parameters: entry.parameters,
    usage: entry.usage,
    relatedSkill: entry.relatedSkill ?? null,
  };
}

/** The tool names a search_tools output reports, or [] for anything else (an error, a no-match). */
export function foundToolNames(output: unknown): string[] {
  if (output === null || typeof output !== "object") return [];
  const results = (output as { results?: unknown }).results;
  if (!Array.isArray(results)) return [];
  return results
    .map((r) => (r !== null && typeof r === "object" ? (r as { name?: unknown }).name : undefined))
    .filter((n): n is string => typeof n === "string");
}
