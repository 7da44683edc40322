// Test fixtures: the research tool set built the way the explore use case builds it, from the
// real factories, over an in-memory ideas repository that answers like GitHub's Contents API.
import type { ToolSet } from "ai";
import {
  createToolCallRecorder,
  type ToolCallRecorder,
} from "../../src/agent/tool-call-recorder.ts";
import { anthropicWebSearchTool } from "../../src/models/anthropic-web-search.ts";
import type { SearchFunction } from "../../src/search/search-function.ts";
import { type ResearchReader, StoreError } from "../../src/store/research-reader.ts";
import { createReadResearchTool } from "../../src/tools/read-research.ts";
import { createToolExecutor, type ToolExecutor } from "../../src/tools/tool-executor.ts";
import { createWebSearchTool } from "../../src/tools/web-search.ts";

/** `ideas/<path>` → text. Answers Contents-API file objects; anything else is a 404. */
export function memoryReader(files: Record<string, string>): ResearchReader {
  return {
    getContent: async (repoPath) => {
      const text = files[repoPath.replace(/^ideas\//, "")];
      if (text === undefined) throw new StoreError("Not Found", { status: 404 });
      const bytes = Buffer.from(text, "utf8");
      return {
        type: "file",
        path: repoPath,
        size: bytes.byteLength,
        encoding: "base64",
        content: bytes.toString("base64"),
      };
    },
  };
}

/** A recorder that keeps calls without printing them. */
export function quietRecorder(): ToolCallRecorder {
  return createToolCallRecorder({ log: false });
}

/**
 * web_search (Anthropic's server tool, or a client tool over `search`) and, only when an
 * executor is given, read_research: the tool registration rule of seeds 000/001.
 */
export function researchTools(
  options: { executor?: ToolExecutor; search?: SearchFunction; recorder?: ToolCallRecorder } = {},
): ToolSet {
  const onToolCall = (options.recorder ?? quietRecorder()).record;
  const tools: ToolSet = {
    web_search: options.search
      ? createWebSearchTool({ search: options.search, onToolCall })
      : anthropicWebSearchTool(),
  };
  if (options.executor) {
    tools.read_research = createReadResearchTool(options.executor, { onToolCall, log: () => {} });
  }
  return tools;
}

export function memoryExecutor(files: Record<string, string>): ToolExecutor {
  return createToolExecutor(memoryReader(files));
}
