import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { StepProgress } from "../agent/agent-types.ts";
import type { ExploreRequest } from "../config/explore-request.ts";
import { formatCost } from "../models/pricing.ts";
import type { ResolvedModel } from "../models/resolve-model.ts";
import { describeChecks } from "../research/checks/claim-checks.ts";
import { newExplorePayload } from "../research/explore/explore-plan.ts";
import {
  preflightExplore,
  searchBackendFor,
  withPreflightWarnings,
} from "../research/explore/explore-preflight.ts";
import type { ExploreTooling } from "../research/explore/explore-tools.ts";
import type { ExploreResult } from "../research/explore/explore-workflow.ts";
import type { SearchBackend } from "../search/resolve-search-backend.ts";
import type { ResearchStore } from "../store/research-store.ts";
import { withoutIdeasPrefix } from "../tools/research-path.ts";
import type { LogSink, ToolCallLog } from "../tools/tool-call-log.ts";
import { exploreIdeaInputSchema, toExploreRequest } from "./explore-idea-input.ts";
import { progressNotifier, type ToolCallExtra } from "./progress-notifier.ts";
import { guarded, toolResult } from "./tool-result.ts";

export const EXPLORE_IDEA_TOOL_NAME = "explore_idea";

/** How a run's progress is put into words (the CLI's printer, so both surfaces say the same). */
export interface ExploreProgress {
  phase(line: string): void;
  toolCall(call: ToolCallLog): void;
  step(progress: StepProgress): void;
}

export interface ExploreIdeaDeps {
  store: ResearchStore;
  /** Throws a ConfigError (no API key) that the call reports; read-only tools work without. */
  resolveModel(): ResolvedModel;
  /** The configured web search backend (probed before each exploration that would use it). */
  searchBackend?: SearchBackend | undefined;
  /** The operator's tool settings (web_fetch's caps, host lists, off) for every exploration. */
  tooling?: ExploreTooling | undefined;
  /** stderr: progress lines and the one-JSON-line-per-tool-call log. */
  log: LogSink;
  progress(write: (line: string) => void): ExploreProgress;
  /** Aborted when the server stops: a running exploration ends and writes nothing. */
  shutdown: AbortSignal;
  errorLine(error: unknown): string;
}

/**
 * explore_idea: the explore workflow the CLI runs (prepare → research → commit, one commit),
 * with progress as MCP progress notifications, through the server's one exploration runner.
 */
export function registerExploreIdea(
  server: McpServer,
  deps: ExploreIdeaDeps,
  run: RunExploration,
): void {
  server.registerTool(
    EXPLORE_IDEA_TOOL_NAME,
    {
      title: "Explore an idea",
      description:
        "Research an idea with a web-searching agent and save the report in the ideas " +
        "repository as ideas/<date>-<slug>/research.md plus exploration-log.json, in one " +
        "commit. Takes minutes; sends progress notifications when asked. An idea explored " +
        "before is not researched again (status duplicate) unless update or force is set. " +
        "Returns the research path (read it with read_research), status " +
        "(created, updated or duplicate) and run statistics; structuredContent holds " +
        "{ status, path, readResearchPath, folder, locations, url?, commitSha?, stats? }.",
      inputSchema: exploreIdeaInputSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    },
    guarded(deps.errorLine, async (input, extra) => run(toExploreRequest(input), extra)),
  );
}

export type RunExploration = (
  request: ExploreRequest,
  extra: ToolCallExtra,
) => Promise<CallToolResult>;

/**
 * Runs one exploration for a tool call and answers with its result. Explorations run one at a
 * time, whichever tool asked (explore_idea, refresh_exploration): two runs of the same idea at
 * once would both decide what is new.
 */
export function explorationRunner(deps: ExploreIdeaDeps): RunExploration {
  let queue: Promise<unknown> = Promise.resolve();
  return async (request, extra) => {
    const model = deps.resolveModel();
    const notify = progressNotifier(extra);
    const write = (line: string) => {
      deps.log(line);
      notify(line.trim());
    };
    const progress = deps.progress(write);
    const signal = AbortSignal.any([extra.signal, deps.shutdown]);
    signal.throwIfAborted();
    // The folder may have become unwritable since start-up: found out before paying, and
    // before the queue, so a refusal comes at once rather than after an earlier exploration.
    const warnings = await preflightExplore(request, {
      model,
      store: deps.store,
      searchBackend: deps.searchBackend,
      onWarning: (warning) => write(`warning: ${warning}`),
    });
    const run = queue.then(async () => {
      signal.throwIfAborted();
      const verb = request.refresh ? "Refreshing" : "Exploring";
      progress.phase(`${verb} in ${request.mode} mode with ${model.modelId}`);
      // The agent loop loads with the first exploration, not before the server answers.
      const { runExploreInline } = await import("../research/explore/run-explore-inline.ts");
      return runExploreInline(
        newExplorePayload(request),
        {
          store: deps.store,
          model,
          search: searchBackendFor(model, deps.searchBackend)?.search,
          tooling: deps.tooling,
          logSink: deps.log,
          onToolCall: progress.toolCall,
          onStep: progress.step,
          onDeepProgress: progress.phase,
        },
        { announce: progress.phase, signal },
      );
    });
    queue = run.catch(() => {});
    const result = withPreflightWarnings(await run, warnings);
    const readResearchPath = withoutIdeasPrefix(result.path);
    return toolResult(describeResult(result, readResearchPath), { ...result, readResearchPath });
  };
}

function describeResult(result: ExploreResult, readResearchPath: string): string {
  const shown = result.url ?? result.path;
  const read = `Read it with read_research, path "${readResearchPath}".`;
  if (result.status === "duplicate") {
    return (
      `Already explored: ${shown}. ${read} Call explore_idea with update: true to add to it, ` +
      "or force: true for a new exploration."
    );
  }
  const verb = result.status === "updated" ? "Updated" : "Wrote";
  // Made here, not at import: the first Intl object starts ICU, which the server's start need not wait for.
  const number = new Intl.NumberFormat("en");
  const s = result.stats;
  const stats = s
    ? ` (${s.steps} model steps, ${s.toolCalls} tool calls, ${s.sources} sources, ` +
      `${number.format(s.inputTokens)} input and ${number.format(s.outputTokens)} output ` +
      `tokens, ${(s.durationMs / 1000).toFixed(1)} s${s.cost ? `, ${formatCost(s.cost)}` : ""}` +
      `${s.checks ? `; ${describeChecks(s.checks)}` : ""})`
    : "";
  const warnings = (result.warnings ?? []).map((w) => ` Warning: ${w}.`).join("");
  return `${verb} ${shown}${stats}. ${read}${warnings}`;
}
