import { anthropic } from "@ai-sdk/anthropic";
import type { ToolSet } from "ai";
import type { ToolCatalog } from "../catalog/catalog-entry.ts";
import { SEARCH_TOOLS_TOOL_NAME } from "../search-tools.ts";
import { DEFAULT_DEFERRAL_THRESHOLD } from "./create-deferral.ts";

/** The key the native search tool gets in the tool set (the provider maps it to its own name). */
export const ANTHROPIC_TOOL_SEARCH_KEY = "tool_search";

export interface AnthropicToolSearchOptions {
  tools: ToolSet;
  catalog: ToolCatalog;
  /** "bm25" searches natural language; "regex" lets the model write patterns. Default "bm25". */
  variant?: "bm25" | "regex";
  threshold?: number;
  searchToolName?: string;
}

/**
 * The tool set for Anthropic's native tool search: every deferred (non-core) tool is still sent
 * but marked `defer_loading`, search_tools is replaced by Anthropic's `tool_search_tool_bm25`,
 * and the API itself loads what it finds. Use with Anthropic models only (other providers ignore
 * the flag and would see every tool). Below the threshold the tool set is returned unchanged,
 * minus search_tools.
 *
 * Trade-offs against our search_tools + activeTools deferral:
 * - The tools array never changes between steps, so the prompt cache is never invalidated by a
 *   discovery; our deferral re-sends a longer tools array (one cache write) after each discovery.
 * - Found tools are expanded inside the conversation by the API, across turns; no prepareStep.
 * - The ranking is Anthropic's (BM25 over names and descriptions; no aliases, categories or
 *   our synonym groups), it is not measured by eval/tool-search, and it works only on models
 *   that support tool search (see the provider's docs), never on openai-compatible servers.
 * - Every deferred definition is still uploaded on every request (bandwidth, not context).
 */
export function withAnthropicToolSearch(options: AnthropicToolSearchOptions): ToolSet {
  const searchToolName = options.searchToolName ?? SEARCH_TOOLS_TOOL_NAME;
  const threshold = options.threshold ?? DEFAULT_DEFERRAL_THRESHOLD;
  const entries = Object.entries(options.tools).filter(([name]) => name !== searchToolName);
  if (Object.keys(options.tools).length <= threshold) return Object.fromEntries(entries);
  if (Object.hasOwn(options.tools, ANTHROPIC_TOOL_SEARCH_KEY)) {
    throw new Error(`anthropic tool search: the tool name "${ANTHROPIC_TOOL_SEARCH_KEY}" is taken`);
  }
  const deferred = entries.map(([name, tool]): [string, ToolSet[string]] => {
    if (options.catalog.get(name)?.core !== false) return [name, tool];
    const providerOptions = tool.providerOptions ?? {};
    return [
      name,
      {
        ...tool,
        providerOptions: {
          ...providerOptions,
          anthropic: { ...providerOptions.anthropic, deferLoading: true },
        },
      },
    ];
  });
  const search =
    options.variant === "regex"
      ? anthropic.tools.toolSearchRegex_20251119()
      : anthropic.tools.toolSearchBm25_20251119();
  return { ...Object.fromEntries(deferred), [ANTHROPIC_TOOL_SEARCH_KEY]: search };
}
