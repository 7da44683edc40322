// The library surface: the agent tools, their executor, and the types that describe them.

export type { SearchFunction, SearchResult } from "./search/search-function.ts";
export type { ResearchReader } from "./store/research-reader.ts";
export { StoreError } from "./store/research-reader.ts";
export type { OnToolCall, ToolCallLog } from "./tools/tool-call-log.ts";
