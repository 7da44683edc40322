import type { BackendOptions } from "./backend-options.ts";
import { createBraveSearch } from "./brave-search.ts";
import type { SearchFunction } from "./search-function.ts";
import { createSearxngSearch } from "./searxng-search.ts";
import { createTavilySearch } from "./tavily-search.ts";

export type SearchBackendName = "searxng" | "tavily" | "brave";

export interface SearchBackend {
  name: SearchBackendName;
  search: SearchFunction;
}

/** The environment variables that select a backend; blank values count as unset. */
export interface SearchBackendEnv {
  SEARXNG_URL?: string | undefined;
  TAVILY_API_KEY?: string | undefined;
  BRAVE_API_KEY?: string | undefined;
}

/**
 * Picks the web search backend from the environment, first match wins:
 * 1. SEARXNG_URL: a self-hosted instance the user runs on purpose; free and private.
 * 2. TAVILY_API_KEY: an API built for agents.
 * 3. BRAVE_API_KEY.
 * Returns undefined when none is set (the caller then leaves web_search unregistered). A malformed
 * SEARXNG_URL throws a ConfigError naming the variable, before any search is attempted.
 */
export function resolveSearchBackend(
  env: SearchBackendEnv,
  options: BackendOptions = {},
): SearchBackend | undefined {
  const searxngUrl = present(env.SEARXNG_URL);
  if (searxngUrl) {
    return {
      name: "searxng",
      search: createSearxngSearch({ ...options, baseUrl: searxngUrl, settingName: "SEARXNG_URL" }),
    };
  }
  const tavilyKey = present(env.TAVILY_API_KEY);
  if (tavilyKey)
    return { name: "tavily", search: createTavilySearch({ ...options, apiKey: tavilyKey }) };
  const braveKey = present(env.BRAVE_API_KEY);
  if (braveKey)
    return { name: "brave", search: createBraveSearch({ ...options, apiKey: braveKey }) };
  return undefined;
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
