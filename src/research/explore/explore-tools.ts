import type { ToolSet } from "ai";
import { anthropicWebSearchTool } from "../../models/anthropic-web-search.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";
import type { SearchFunction } from "../../search/search-function.ts";
import type { ResearchStore } from "../../store/research-store.ts";
import { createReadResearchTool, READ_RESEARCH_TOOL_NAME } from "../../tools/read-research.ts";
import type { OnToolCall } from "../../tools/tool-call-log.ts";
import { createToolExecutor } from "../../tools/tool-executor.ts";
import { createWebSearchTool, WEB_SEARCH_TOOL_NAME } from "../../tools/web-search.ts";

export interface ExploreToolOptions {
  store: ResearchStore;
  model: ResolvedModel;
  /** A web search backend for models that cannot search themselves. */
  search?: SearchFunction | undefined;
  onToolCall?: OnToolCall | undefined;
}

/**
 * The tools an exploration gets: read_research over the ideas repository, and web_search run by
 * Anthropic itself when the model supports it, else by the configured backend, else not at all
 * (the prompt then says web search is unavailable).
 */
export function exploreTools(options: ExploreToolOptions): ToolSet {
  const { onToolCall } = options;
  const tools: ToolSet = {
    [READ_RESEARCH_TOOL_NAME]: createReadResearchTool(createToolExecutor(options.store), {
      ...(onToolCall ? { onToolCall } : {}),
    }),
  };
  if (options.model.supportsServerWebSearch) {
    tools[WEB_SEARCH_TOOL_NAME] = anthropicWebSearchTool();
  } else if (options.search) {
    tools[WEB_SEARCH_TOOL_NAME] = createWebSearchTool({
      search: options.search,
      ...(onToolCall ? { onToolCall } : {}),
    });
  }
  return tools;
}
