import { DEFAULT_LIMITS } from "../../agent/agent-limits.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";
import type { ExplorePayload } from "../../research/explore/explore-plan.ts";
import { explorePrompt } from "../../research/explore/explore-prompt.ts";
import { exploreTools } from "../../research/explore/explore-tools.ts";
import { prepareExploration } from "../../research/explore/prepare-exploration.ts";
import type { SearchFunction } from "../../search/search-function.ts";
import type { ResearchStore } from "../../store/research-store.ts";
import type { CliIo } from "../cli-io.ts";

/**
 * What a real run would do, without calling the model or writing anything: the target path,
 * the limits, the tools registered and the exact prompts.
 */
export async function printDryRun(
  payload: ExplorePayload,
  deps: { store: ResearchStore; model: ResolvedModel; search?: SearchFunction | undefined },
  io: CliIo,
): Promise<number> {
  const plan = await prepareExploration(payload, deps.store);
  const out = (text: string) => io.stdout.write(`${text}\n`);
  if (plan.action === "duplicate") {
    out(
      `Already explored: ${plan.researchPath} (a real run would stop here; use --update or --force)`,
    );
    return 0;
  }
  const tools = exploreTools({ ...deps, onToolCall: () => {} });
  const prompt = explorePrompt(payload, plan, tools);
  const { request } = payload;
  out(
    `Target: ${plan.folder}/research.md (${plan.isUpdate ? "update" : "new"}) in ${deps.store.description}`,
  );
  out(`Model: ${deps.model.modelId} (${deps.model.provider})`);
  out(
    `Limits: ${request.maxSteps} steps, ${request.tokenBudget} token budget, ${DEFAULT_LIMITS.maxOutputTokens} output tokens per step, ${DEFAULT_LIMITS.timeoutMs / 60_000} min timeout`,
  );
  out("Tools:");
  for (const [name, tool] of Object.entries(tools)) {
    const description = typeof tool.description === "string" ? tool.description : "(provider tool)";
    out(`  ${name}: ${description.split("\n")[0]}`);
  }
  if (!tools.web_search) out("  (no web search: set SEARXNG_URL, TAVILY_API_KEY or BRAVE_API_KEY)");
  out(`\n--- system prompt ---\n${prompt.system}\n\n--- user prompt ---\n${prompt.user}`);
  return 0;
}
