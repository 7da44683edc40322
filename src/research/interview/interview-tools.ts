import type { ToolSet } from "ai";
import type { SearchFunction } from "../../search/search-function.ts";
import { createFileReadTool } from "../../tools/file-read.ts";
import { createListFilesTool } from "../../tools/list-files.ts";
import { createSearchFilesTool } from "../../tools/search-files.ts";
import type { OnToolCall } from "../../tools/tool-call-log.ts";
import { createWebSearchTool } from "../../tools/web-search.ts";
import { createJobFileWriteTool, type OutputRoot } from "./job-file-write-tool.ts";

/** Where web searches go: the provider's own server tool, a configured backend, or nowhere. */
export type InterviewWebSearch =
  | { kind: "provider"; tool: ToolSet[string] }
  | { kind: "backend"; search: SearchFunction }
  | { kind: "none" };

export interface InterviewToolsOptions {
  /** The codebase folder (read-only): file_read, list_files and search_files see only this. */
  codebase: string;
  /**
   * The output folder, or how to create it on the first write: file_write writes only job
   * files under it.
   */
  output: OutputRoot;
  webSearch: InterviewWebSearch;
  onToolCall?: OnToolCall;
}

/**
 * The interview's tools, in a fixed order (a stable tool list keeps the provider's prompt cache
 * valid across turns): find, read and write, then the web. The codebase tools and file_write
 * have different roots, so nothing the model reads can be written and nothing it writes lands
 * in the codebase.
 */
export function createInterviewTools(options: InterviewToolsOptions): ToolSet {
  const log = options.onToolCall ? { onToolCall: options.onToolCall } : {};
  const codebase = { root: options.codebase, ...log };
  const tools: ToolSet = {
    list_files: createListFilesTool(codebase),
    search_files: createSearchFilesTool(codebase),
    file_read: createFileReadTool(codebase),
    file_write: createJobFileWriteTool({ root: options.output, ...log }),
  };
  const web = options.webSearch;
  if (web.kind === "provider") tools.web_search = web.tool;
  if (web.kind === "backend")
    tools.web_search = createWebSearchTool({ search: web.search, ...log });
  return tools;
}
