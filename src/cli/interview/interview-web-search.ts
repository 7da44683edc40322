import type { Env } from "../../config/env.ts";
import { anthropicWebSearchTool } from "../../models/anthropic-web-search.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";
import type { InterviewWebSearch } from "../../research/interview/interview-tools.ts";
import { resolveSearchBackend } from "../../search/resolve-search-backend.ts";

const BACKEND_LABELS = {
  searxng: "SearXNG (SEARXNG_URL)",
  tavily: "Tavily (TAVILY_API_KEY)",
  brave: "Brave (BRAVE_API_KEY)",
} as const;

/**
 * Where the interview's web searches go: Anthropic's server tool when the model runs searches
 * itself, else the backend the environment configures, else nowhere (web_search is then not
 * registered and the prompt tells the model so). `label` says which, for the session banner.
 */
export function interviewWebSearch(
  model: Pick<ResolvedModel, "supportsServerWebSearch">,
  env: Env,
): { webSearch: InterviewWebSearch; label: string } {
  if (model.supportsServerWebSearch) {
    return {
      webSearch: { kind: "provider", tool: anthropicWebSearchTool() },
      label: "Anthropic web search",
    };
  }
  const backend = resolveSearchBackend(env);
  if (backend) {
    return {
      webSearch: { kind: "backend", search: backend.search },
      label: BACKEND_LABELS[backend.name],
    };
  }
  return {
    webSearch: { kind: "none" },
    label: "off (set SEARXNG_URL, TAVILY_API_KEY or BRAVE_API_KEY to enable it)",
  };
}
