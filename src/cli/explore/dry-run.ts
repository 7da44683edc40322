import { DEFAULT_LIMITS } from "../../agent/agent-limits.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";
import { describeEstimate, estimateExploreCost } from "../../research/explore/cost-estimate.ts";
import type { ExplorePayload } from "../../research/explore/explore-plan.ts";
import { explorePrompt } from "../../research/explore/explore-prompt.ts";
import {
  type ExploreTooling,
  type ExploreToolkit,
  exploreToolkit,
} from "../../research/explore/explore-tools.ts";
import { prepareExploration } from "../../research/explore/prepare-exploration.ts";
import type { SearchFunction } from "../../search/search-function.ts";
import type { ResearchStore } from "../../store/research-store.ts";
import { DEFAULT_DEFERRAL_THRESHOLD } from "../../tools/deferral/create-deferral.ts";
import type { CliIo } from "../cli-io.ts";
import { mcpDryRunJson, mcpDryRunLines } from "./dry-run-mcp.ts";

/**
 * What a real run would do, without calling the model or writing anything: the target path,
 * the limits and what they let the run cost, the tools registered and the exact prompts.
 */
export async function printDryRun(
  payload: ExplorePayload,
  deps: {
    store: ResearchStore;
    model: ResolvedModel;
    search?: SearchFunction | undefined;
    tooling?: ExploreTooling | undefined;
  },
  io: CliIo,
  json = false,
): Promise<number> {
  const plan = await prepareExploration(payload, deps.store);
  const out = (text: string) => io.stdout.write(`${text}\n`);
  if (json) {
    out(JSON.stringify(dryRunPayload(payload, plan, deps), null, 2));
    return 0;
  }
  if (plan.action === "duplicate") {
    out(
      `Already explored: ${plan.researchPath} (a real run would stop here; use --update or --force)`,
    );
    return 0;
  }
  const toolkit = exploreToolkit({
    ...deps.tooling,
    ...deps,
    request: payload.request,
    onToolCall: () => {},
  });
  const prompt = explorePrompt(payload, plan, toolkit);
  const { request } = payload;
  out(
    `Target: ${plan.folder}/research.md (${plan.isUpdate ? "update" : "new"}) in ${deps.store.description}`,
  );
  out(`Model: ${deps.model.modelId} (${deps.model.provider})`);
  out(
    `Limits: ${request.maxSteps} steps, ${request.tokenBudget} token budget, ${DEFAULT_LIMITS.maxOutputTokens} output tokens per step, ${(request.timeoutSeconds ?? DEFAULT_LIMITS.timeoutMs / 1000) / 60} min timeout`,
  );
  out(`Cost: ${describeEstimate(estimateExploreCost(request, deps.model))}`);
  printTools(toolkit, out);
  for (const line of deps.tooling?.mcp ? mcpDryRunLines(deps.tooling.mcp) : []) out(line);
  out(`\n--- system prompt ---\n${prompt.system}\n\n--- user prompt ---\n${prompt.user}`);
  return 0;
}

/** --dry-run --json: the same facts as the text, as one JSON object. */
function dryRunPayload(
  payload: ExplorePayload,
  plan: Awaited<ReturnType<typeof prepareExploration>>,
  deps: Parameters<typeof printDryRun>[1],
) {
  if (plan.action === "duplicate") {
    return { status: "duplicate", dryRun: true, path: plan.researchPath, folder: plan.folder };
  }
  const toolkit = exploreToolkit({
    ...deps.tooling,
    ...deps,
    request: payload.request,
    onToolCall: () => {},
  });
  const prompt = explorePrompt(payload, plan, toolkit);
  const { request } = payload;
  return {
    status: plan.isUpdate ? "would_update" : "would_create",
    dryRun: true,
    path: `${plan.folder}/research.md`,
    folder: plan.folder,
    store: deps.store.description,
    model: { id: deps.model.modelId, provider: deps.model.provider },
    limits: {
      maxSteps: request.maxSteps,
      tokenBudget: request.tokenBudget,
      maxOutputTokens: DEFAULT_LIMITS.maxOutputTokens,
      timeoutSeconds: request.timeoutSeconds ?? DEFAULT_LIMITS.timeoutMs / 1000,
    },
    estimate: estimateExploreCost(request, deps.model),
    tools: { strategy: toolkit.strategy, loaded: toolkit.visible, deferred: toolkit.deferred },
    ...(deps.tooling?.mcp ? { mcp: mcpDryRunJson(deps.tooling.mcp) } : {}),
    prompt: { system: prompt.system, user: prompt.user },
  };
}

const STRATEGY: Record<ExploreToolkit["strategy"], (toolCount: number) => string> = {
  all: (n) =>
    `off, all ${n} tools are loaded (auto defers above ${DEFAULT_DEFERRAL_THRESHOLD}; --tool-search always forces it)`,
  search_tools: () => "on, deferred tools are sent once search_tools finds them",
  anthropic: () => "Anthropic's native BM25 tool search (deferred tools marked defer_loading)",
};

/** The tools loaded from the first step, then the deferred ones by category. */
function printTools(toolkit: ExploreToolkit, out: (text: string) => void): void {
  out(`Tool search: ${STRATEGY[toolkit.strategy](Object.keys(toolkit.tools).length)}`);
  out("Tools loaded from the first step:");
  for (const name of toolkit.visible) {
    const description = toolkit.tools[name]?.description;
    const text = typeof description === "string" ? description : "(runs on the provider's side)";
    out(`  ${name}: ${text.split("\n")[0]}`);
  }
  if (!toolkit.tools.web_search) {
    out("  (no web search: set SEARXNG_URL, TAVILY_API_KEY or BRAVE_API_KEY)");
  }
  if (toolkit.deferred.length === 0) return;
  out(`Deferred tools (${toolkit.deferred.length}), not sent until a search finds them:`);
  const byCategory = new Map<string, string[]>();
  for (const name of toolkit.deferred) {
    const category = toolkit.catalog.get(name)?.category ?? "Other";
    byCategory.set(category, [...(byCategory.get(category) ?? []), name]);
  }
  for (const [category, names] of byCategory) out(`  ${category}: ${names.join(", ")}`);
}
