// The library surface: the agent tools, their executor, the stores they read, the search
// backends and tool discovery, for anyone building on the AI SDK.

// the agent loop: limits, token budget, final report, tool-call log, retrieved sources
export {
  AgentError,
  type AgentLimits,
  type AgentRun,
  type AgentUsage,
  DEFAULT_LIMITS,
  type RunAgentOptions,
  runAgent,
  type StoppedBy,
} from "./agent/index.ts";

export { createBraveSearch } from "./search/brave-search.ts";
export { resolveSearchBackend } from "./search/resolve-search-backend.ts";
// web search backends
export type { SearchFunction, SearchResult } from "./search/search-function.ts";
export { createSearxngSearch } from "./search/searxng-search.ts";
export { createTavilySearch } from "./search/tavily-search.ts";
export { GitHubStore } from "./store/github-store.ts";
export { LocalStore } from "./store/local-store.ts";
export type { ResearchReader } from "./store/research-reader.ts";
export { StoreError } from "./store/research-reader.ts";
export type { CommitResult, ResearchFile, ResearchStore } from "./store/research-store.ts";
export type { CatalogEntry, ToolCatalog } from "./tools/catalog/catalog-entry.ts";
export { catalogEntryFromTool } from "./tools/catalog/catalog-entry-from-tool.ts";
// tool discovery (seed 003)
export { createToolCatalog } from "./tools/catalog/tool-catalog.ts";
export { createDeferral } from "./tools/deferral/create-deferral.ts";
// file_read, file_write, web_search (seed 004), and the codebase tools
export { createFileReadTool, FILE_READ_TOOL_NAME } from "./tools/file-read.ts";
export { createFileWriteTool, FILE_WRITE_TOOL_NAME, writtenFileOf } from "./tools/file-write.ts";
export { createListFilesTool } from "./tools/list-files.ts";
// read_research (seeds 000/001)
export { createReadResearchTool, READ_RESEARCH_TOOL_NAME } from "./tools/read-research.ts";
export { validateResearchPath } from "./tools/research-path.ts";
export { createSearchFilesTool } from "./tools/search-files.ts";
export { createSearchToolsTool, SEARCH_TOOLS_TOOL_NAME } from "./tools/search-tools.ts";
// logging
export type { OnToolCall, ToolCallLog } from "./tools/tool-call-log.ts";
export {
  createToolExecutor,
  type ReadResearchResult,
  type ToolExecutor,
} from "./tools/tool-executor.ts";
export { FetchProvenance, type FetchRules } from "./tools/web-fetch/fetch-provenance.ts";
export type { PageCacheLimits } from "./tools/web-fetch/page-cache.ts";
// web_fetch: pages and PDFs in parts, with the run's provenance rules when given
export {
  createWebFetchTool,
  DEFAULT_MAX_PAGE_CHARS,
  WEB_FETCH_TOOL_NAME,
  WebFetchError,
  type WebFetchOutput,
  type WebFetchToolOptions,
  webFetchSourceOf,
} from "./tools/web-fetch.ts";
export {
  createWebSearchTool,
  WEB_SEARCH_TOOL_NAME,
  webSearchResultsOf,
} from "./tools/web-search.ts";
