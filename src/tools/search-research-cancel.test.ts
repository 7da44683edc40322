import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CountingStore } from "../../test/fakes/counting-store.ts";
import { CTRL_C, driveTool, driveToolInCancelledRun } from "../../test/helpers/drive-tool.ts";
import { makeTempTree, type TempTree } from "../../test/helpers/temp-tree.ts";
import { withToolTimeouts } from "../agent/tool-timeout.ts";
import { LocalStore } from "../store/local-store.ts";
import { createSearchResearchTool, SEARCH_RESEARCH_TOOL_NAME } from "./search-research.ts";
import type { ToolCallLog } from "./tool-call-log.ts";

let tree: TempTree | undefined;
afterEach(() => tree?.cleanup());

/** A store of one research file whose folder listing runs `duringListing` before it answers. */
async function storeListing(duringListing: () => Promise<void> | void): Promise<CountingStore> {
  tree = await makeTempTree({
    files: { "ideas/2025-03-01-solar-food-dryer/research.md": "# Solar food dryer\n" },
  });
  const store = new CountingStore(new LocalStore({ root: tree.dir }));
  const list = store.listIdeaFolders.bind(store);
  store.listIdeaFolders = async () => {
    const folders = await list();
    await duringListing();
    return folders;
  };
  return store;
}

function searchTool(store: CountingStore, logs: ToolCallLog[]) {
  return {
    [SEARCH_RESEARCH_TOOL_NAME]: createSearchResearchTool({
      store,
      onToolCall: (l) => logs.push(l),
    }),
  };
}

describe("search_research, cancelled mid-call", () => {
  it("reports a search the run cancelled (Ctrl+C) as cancelled, not as a failing repository", async () => {
    const run = new AbortController();
    const store = await storeListing(() => run.abort(CTRL_C()));
    const logs: ToolCallLog[] = [];
    const { toolError, runError } = await driveToolInCancelledRun(
      searchTool(store, logs),
      SEARCH_RESEARCH_TOOL_NAME,
      { query: "solar" },
      run.signal,
    );
    expect(runError).toBe(run.signal.reason);
    expect(String(toolError)).toBe("SearchResearchError: the search was cancelled");
    expect(logs).toEqual([expect.objectContaining({ ok: false, errorType: "aborted" })]);
    expect(store.reads).toEqual([]);
  });

  it("reports a search the agent's tool timeout cut short as cancelled, not as a failing repository", async () => {
    const store = await storeListing(() => sleep(150));
    const logs: ToolCallLog[] = [];
    const call = await driveTool(
      withToolTimeouts(searchTool(store, logs), 50),
      SEARCH_RESEARCH_TOOL_NAME,
      { query: "solar" },
    );
    expect(call.modelSaw).toBe("ToolTimeoutError: search_research did not finish within 50 ms");
    await vi.waitFor(() => expect(logs).toHaveLength(1));
    expect(logs[0]).toMatchObject({ ok: false, errorType: "aborted" });
    expect(store.reads).toEqual([]);
  });
});
