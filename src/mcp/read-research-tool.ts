import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ResearchReader } from "../store/research-reader.ts";
import {
  createReadResearchTool,
  READ_RESEARCH_TOOL_NAME,
  readResearchInputSchema,
} from "../tools/read-research.ts";
import type { LogSink } from "../tools/tool-call-log.ts";
import { createToolExecutor } from "../tools/tool-executor.ts";
import { aiToolDescription, executeAiTool } from "./ai-tool.ts";
import { guarded, toolError, toolResult } from "./tool-result.ts";

/**
 * read_research for MCP clients: the agent's own tool over the same store and sandbox, so the
 * answer is the same `{ ok, content, bytes }` or `{ ok: false, error_type, message }` payload
 * (as structuredContent). A refusal is a tool error whose text is `<error_type>: <message>`.
 */
export function registerReadResearch(
  server: McpServer,
  deps: { store: ResearchReader; log: LogSink; errorLine(error: unknown): string },
): void {
  const readResearch = createReadResearchTool(createToolExecutor(deps.store), { log: deps.log });
  server.registerTool(
    READ_RESEARCH_TOOL_NAME,
    {
      title: "Read earlier research",
      description: aiToolDescription(readResearch),
      inputSchema: readResearchInputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(deps.errorLine, async (input, extra) => {
      const result = await executeAiTool(readResearch, input, {
        callId: String(extra.requestId),
        signal: extra.signal,
      });
      return result.ok
        ? toolResult(result.content, result)
        : toolError(`${result.error_type}: ${result.message}`, result);
    }),
  );
}
