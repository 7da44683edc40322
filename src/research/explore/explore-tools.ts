import type { ToolSet } from "ai";
import { DEFAULT_SOURCES_FROM, type RetrievedSourcesOf } from "../../agent/retrieved-sources.ts";
import { anthropicWebSearchTool } from "../../models/anthropic-web-search.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";
import type { SearchFunction } from "../../search/search-function.ts";
import type { ResearchStore } from "../../store/research-store.ts";
import { EXPLORE_CORE_TOOLS, PRODUCT_TOOL_METADATA } from "../../tools/catalog/product-catalog.ts";
import {
  planToolLoading,
  type ToolLoading,
  type ToolSearchMode,
} from "../../tools/deferral/tool-loading.ts";
import { createFileReadTool, FILE_READ_TOOL_NAME } from "../../tools/file-read.ts";
import { createListFilesTool, LIST_FILES_TOOL_NAME } from "../../tools/list-files.ts";
import type { McpImport } from "../../tools/mcp/import-mcp-tools.ts";
import { createReadResearchTool, READ_RESEARCH_TOOL_NAME } from "../../tools/read-research.ts";
import { createSearchFilesTool, SEARCH_FILES_TOOL_NAME } from "../../tools/search-files.ts";
import {
  createSearchResearchTool,
  SEARCH_RESEARCH_TOOL_NAME,
} from "../../tools/search-research.ts";
import type { OnToolCall } from "../../tools/tool-call-log.ts";
import { createToolExecutor } from "../../tools/tool-executor.ts";
import { FetchProvenance } from "../../tools/web-fetch/fetch-provenance.ts";
import {
  createWebFetchTool,
  WEB_FETCH_TOOL_NAME,
  webFetchSourceOf,
} from "../../tools/web-fetch.ts";
import {
  createWebSearchTool,
  WEB_SEARCH_TOOL_NAME,
  webSearchResultsOf,
} from "../../tools/web-search.ts";
import { watchedForProvenance } from "./provenance-watch.ts";
import { fetchRulesFor, type WebFetchTooling } from "./web-fetch-tooling.ts";

/** What the operator adds to an exploration's tools (CLI flags); the service uses none of it. */
export interface ExploreTooling {
  /** A folder the agent may read (list_files, file_read, search_files), never write. */
  codebase?: string | undefined;
  /** web_fetch's operator settings: off, caps, host lists, private targets (default: all public). */
  webFetch?: WebFetchTooling | undefined;
  /** Tools of started MCP servers; the caller closes them when the run ends. */
  mcp?: McpImport | undefined;
  /** How non-core tools are loaded (default "auto": deferred above 10 tools). */
  toolSearch?: ToolSearchMode | undefined;
}

export interface ExploreToolOptions extends ExploreTooling {
  store: ResearchStore;
  model: ResolvedModel;
  /** A web search backend for models that cannot search themselves. */
  search?: SearchFunction | undefined;
  onToolCall?: OnToolCall | undefined;
  /** The request's own web_fetch settings, which narrow the operator's. */
  request?: Parameters<typeof fetchRulesFor>[1];
}

export interface ExploreToolkit extends ToolLoading {
  /** How pages are read out of client tool results for the report's Sources. */
  sourcesFrom: Readonly<Record<string, RetrievedSourcesOf>>;
  /** What web_fetch may read in this run; absent when the run has no web_fetch. */
  provenance?: FetchProvenance | undefined;
}

/**
 * The tools an exploration gets. Core (always loaded): read_research, and web_search run by
 * Anthropic itself when the model supports it, else by the configured backend, else not at all
 * (the prompt then says so). Non-core: search_research and web_fetch always; list_files,
 * file_read and search_files over --codebase; MCP tools. Above the deferral threshold the
 * non-core tools wait behind search_tools (see planToolLoading).
 */
export function exploreToolkit(options: ExploreToolOptions): ExploreToolkit {
  const log = options.onToolCall ? { onToolCall: options.onToolCall } : {};
  const tools: ToolSet = {
    // read_research logs its own JSON line as well as reporting it; the run's recorder already
    // logs every call it receives, so the tool's own line would be a second copy.
    [READ_RESEARCH_TOOL_NAME]: createReadResearchTool(
      createToolExecutor(options.store),
      options.onToolCall ? { onToolCall: options.onToolCall, log: () => {} } : {},
    ),
  };
  if (options.model.supportsServerWebSearch) {
    tools[WEB_SEARCH_TOOL_NAME] = anthropicWebSearchTool();
  } else if (options.search) {
    tools[WEB_SEARCH_TOOL_NAME] = createWebSearchTool({ search: options.search, ...log });
  }
  tools[SEARCH_RESEARCH_TOOL_NAME] = createSearchResearchTool({ store: options.store, ...log });
  const fetching = fetchRulesFor(options.webFetch, options.request);
  const provenance = fetching.enabled ? new FetchProvenance(fetching.rules) : undefined;
  if (provenance) {
    tools[WEB_FETCH_TOOL_NAME] = createWebFetchTool({
      allowPrivate: options.webFetch?.allowPrivate ?? false,
      ...(options.webFetch?.transport ? { transport: options.webFetch.transport } : {}),
      provenance,
      ...(fetching.maxPageChars !== undefined ? { maxPageChars: fetching.maxPageChars } : {}),
      ...log,
    });
  }
  if (options.codebase !== undefined) {
    const codebase = { root: options.codebase, ...log };
    tools[LIST_FILES_TOOL_NAME] = createListFilesTool(codebase);
    tools[FILE_READ_TOOL_NAME] = createFileReadTool(codebase);
    tools[SEARCH_FILES_TOOL_NAME] = createSearchFilesTool(codebase);
  }
  if (options.mcp) {
    // MCP names are "<server>__<tool>", so they never replace a built-in tool.
    Object.assign(tools, options.mcp.tools);
    if (options.onToolCall) options.mcp.reportCallsTo(options.onToolCall);
  }
  const privateTools = [
    READ_RESEARCH_TOOL_NAME,
    SEARCH_RESEARCH_TOOL_NAME,
    LIST_FILES_TOOL_NAME,
    FILE_READ_TOOL_NAME,
    SEARCH_FILES_TOOL_NAME,
    ...Object.keys(options.mcp?.tools ?? {}),
  ];
  const loading = planToolLoading({
    tools: provenance
      ? watchedForProvenance(tools, provenance, {
          private: new Set(privateTools),
          searches: { [WEB_SEARCH_TOOL_NAME]: webSearchResultsOf },
        })
      : tools,
    core: EXPLORE_CORE_TOOLS,
    metadata: { ...PRODUCT_TOOL_METADATA, ...options.mcp?.catalogMetadata },
    mode: options.toolSearch ?? "auto",
    ...log,
  });
  return {
    ...loading,
    provenance,
    sourcesFrom: {
      ...DEFAULT_SOURCES_FROM,
      [WEB_FETCH_TOOL_NAME]: (output) => {
        const page = webFetchSourceOf(output);
        if (!page) return [];
        // The part of the page text the model read: what a citation of the page can rest on.
        const text = (output as { text?: unknown }).text;
        return [typeof text === "string" ? { ...page, excerpt: { kind: "page", text } } : page];
      },
    },
  };
}
