import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ResearchStore } from "../store/research-store.ts";
import {
  createSearchResearchTool,
  formatResearchResults,
  SEARCH_RESEARCH_TOOL_NAME,
  searchResearchInputSchema,
} from "../tools/search-research.ts";
import { type LogSink, logToolCall } from "../tools/tool-call-log.ts";
import { aiToolDescription, executeAiTool } from "./ai-tool.ts";
import { guarded, toolResult } from "./tool-result.ts";

/**
 * search_research for MCP clients: the agent's own tool, so matches come back as the paths
 * read_research accepts. Text is the list the agent sees; structuredContent holds
 * `{ query, results: [{ path, title, idea, date, mode }], searched, folders }`. Its failures
 * (an empty query, an unreadable repository) are thrown and become tool errors.
 */
export function registerSearchResearch(
  server: McpServer,
  deps: { store: ResearchStore; log: LogSink; errorLine(error: unknown): string },
): void {
  const searchResearch = createSearchResearchTool({
    store: deps.store,
    onToolCall: (entry) => logToolCall(entry, deps.log),
  });
  server.registerTool(
    SEARCH_RESEARCH_TOOL_NAME,
    {
      title: "Search earlier research",
      description: aiToolDescription(searchResearch),
      inputSchema: searchResearchInputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(deps.errorLine, async (input, extra) => {
      const output = await executeAiTool(searchResearch, input, {
        callId: String(extra.requestId),
        signal: extra.signal,
      });
      return toolResult(formatResearchResults(output), output);
    }),
  );
}
