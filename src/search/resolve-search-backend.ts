import type { BackendOptions } from "./backend-options.ts";
import { createBraveSearch } from "./brave-search.ts";
import type { SearchFunction } from "./search-function.ts";
import { createSearxngSearch } from "./searxng-search.ts";
import { createTavilySearch } from "./tavily-search.ts";

export type SearchBackendName = "searxng" | "tavily" | "brave";

export interface SearchBackend {
  name: SearchBackendName;
  search: SearchFunction;
  /** For messages: "SearXNG at http://localhost:8080". */
  label: string;
  /** The variable that configures it, named in messages. */
  setting: string;
  /** A self-hosted backend's address, for the reachability probe before a run. */
  probeUrl?: string;
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
    const search = createSearxngSearch({
      ...options,
      baseUrl: searxngUrl,
      settingName: "SEARXNG_URL",
    });
    // The factory has validated the URL; shown without credentials or query.
    const url = new URL(searxngUrl);
    const shown = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
    return {
      name: "searxng",
      search,
      label: `SearXNG at ${shown}`,
      setting: "SEARXNG_URL",
      probeUrl: shown,
    };
  }
  const tavilyKey = present(env.TAVILY_API_KEY);
  if (tavilyKey) {
    return {
      name: "tavily",
      search: createTavilySearch({ ...options, apiKey: tavilyKey }),
      label: "Tavily",
      setting: "TAVILY_API_KEY",
    };
  }
  const braveKey = present(env.BRAVE_API_KEY);
  if (braveKey) {
    return {
      name: "brave",
      search: createBraveSearch({ ...options, apiKey: braveKey }),
      label: "Brave Search",
      setting: "BRAVE_API_KEY",
    };
  }
  return undefined;
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
