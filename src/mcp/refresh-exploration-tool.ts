import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ConfigError } from "../config/config-error.ts";
import { type ExploreRequest, parseExploreRequest } from "../config/explore-request.ts";
import { fromWireNames, WIRE_NAMES } from "../config/wire-names.ts";
import { explorationToRefresh } from "../research/library/exploration-to-refresh.ts";
import { checkFolderName } from "../research/library/folder-name.ts";
import { refreshRequestFor } from "../research/refresh/stale-explorations.ts";
import type { ExploreIdeaDeps, RunExploration } from "./explore-idea-tool.ts";
import {
  type RefreshExplorationInput,
  refreshExplorationInputSchema,
} from "./refresh-exploration-input.ts";
import { guarded } from "./tool-result.ts";

export const REFRESH_EXPLORATION_TOOL_NAME = "refresh_exploration";

/**
 * refresh_exploration: re-research an earlier exploration for what changed since its last run
 * (an update that starts with What changed), whatever its age, run like explore_idea's runs.
 */
export function registerRefreshExploration(
  server: McpServer,
  deps: ExploreIdeaDeps,
  run: RunExploration,
  now: () => Date = () => new Date(),
): void {
  server.registerTool(
    REFRESH_EXPLORATION_TOOL_NAME,
    {
      title: "Refresh an exploration",
      description:
        "Re-research an earlier exploration, named by its folder under ideas/ or its idea, " +
        'for what changed since it was last researched: appends "## Update - <date>" starting ' +
        "with What changed (new or gone competitors, figures that moved, whether the verdict " +
        "changed) to its research.md, in one commit. Takes minutes, and is paid like " +
        "explore_idea; sends progress notifications when asked. Returns the research path " +
        "(read it with read_research), status updated and run statistics; structuredContent " +
        "holds { status, path, readResearchPath, folder, locations, url?, commitSha?, stats? }.",
      inputSchema: refreshExplorationInputSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    guarded(deps.errorLine, async (input, extra) => {
      const request = await refreshRequest(deps, input, now());
      return run(request, extra);
    }),
  );
}

async function refreshRequest(
  deps: ExploreIdeaDeps,
  input: RefreshExplorationInput,
  now: Date,
): Promise<ExploreRequest> {
  const { folder, idea, ...limits } = input;
  let named: { folder: string } | { idea: string };
  if (folder !== undefined) {
    const name = checkFolderName(folder.replace(/^ideas\//, "").replace(/\/+$/, ""));
    if (!name.ok) throw new ConfigError(name.message);
    named = { folder: name.folder };
  } else {
    named = { idea: idea ?? "" };
  }
  const exploration = await explorationToRefresh(deps.store, named, now);
  if (!exploration) {
    throw new ConfigError(
      "folder" in named
        ? `no exploration to refresh in ideas/${named.folder} (search_research lists them)`
        : "no earlier exploration of this idea to refresh (search_research finds them; explore_idea explores a new one)",
    );
  }
  // Checked with the run's own fields, so a rule across them is named as the caller sent it.
  const checked = parseExploreRequest(
    { ...fromWireNames(limits), idea: exploration.idea, mode: exploration.mode, refresh: true },
    WIRE_NAMES,
  );
  return refreshRequestFor(exploration, checked);
}
