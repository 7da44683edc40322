import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  type ExploreIdeaDeps,
  explorationRunner,
  registerExploreIdea,
} from "./explore-idea-tool.ts";
import { registerReadResearch } from "./read-research-tool.ts";
import { registerRefreshExploration } from "./refresh-exploration-tool.ts";
import { registerSearchResearch } from "./search-research-tool.ts";

export interface IdeaExplorerMcpOptions extends ExploreIdeaDeps {
  version: string;
}

/**
 * The MCP surface: explore_idea, refresh_exploration, read_research and search_research over one
 * ideas repository.
 * Like the CLI it only maps input to a use case and its result back; every tool failure is a
 * tool result with isError, never a crash of the server.
 */
export function createIdeaExplorerMcpServer(options: IdeaExplorerMcpOptions): McpServer {
  const server = new McpServer(
    { name: "idea-explorer", version: options.version },
    {
      // The inputs are a few flat fields; a huge arguments object is refused before parsing.
      maxToolInputElements: 100,
      instructions:
        "Research ideas and keep the reports in an ideas repository. Before exploring an idea, " +
        "search_research for earlier research on it and read_research what you find; " +
        "explore_idea takes minutes and writes a commit; refresh_exploration brings an earlier " +
        "exploration up to date the same way.",
    },
  );
  const run = explorationRunner(options);
  registerExploreIdea(server, options, run);
  registerRefreshExploration(server, options, run);
  registerReadResearch(server, options);
  registerSearchResearch(server, options);
  return server;
}
