import { parseHttpUrl } from "../models/http-url.ts";
import { type BackendOptions, checkTimeout, endpoint, requireKey } from "./backend-options.ts";
import { fetchSearchJson, field } from "./fetch-search-json.ts";
import { checkMaxResults, normalizeResults, type RawHit } from "./normalize-results.ts";
import { SearchError } from "./search-error.ts";
import type { SearchFunction } from "./search-function.ts";

const BACKEND = "Tavily";
export const TAVILY_API_URL = "https://api.tavily.com";

export interface TavilyOptions extends BackendOptions {
  apiKey: string;
  /** Defaults to https://api.tavily.com; set for a proxy or a test server. */
  baseUrl?: string;
}

/**
 * Tavily's search API: `POST {base}/search` with `Authorization: Bearer <key>` and a JSON body
 * `{ query, max_results, ... }` → `{ results: [{ title, url, content, score }] }`. Tavily answers
 * 432/433 when the plan's or the pay-as-you-go credit limit is spent, which retrying won't fix.
 */
export function createTavilySearch(options: TavilyOptions): SearchFunction {
  const apiKey = requireKey(options.apiKey, BACKEND, "TAVILY_API_KEY");
  const base = parseHttpUrl(options.baseUrl ?? TAVILY_API_URL, "Tavily base URL", TAVILY_API_URL);
  const url = endpoint(base, "search");
  const doFetch = options.fetch ?? fetch;
  const max = checkMaxResults(options.maxResults);
  const timeoutMs = checkTimeout(options.timeoutMs);

  return async (query, { signal }) => {
    const body = await fetchSearchJson({
      backend: BACKEND,
      url,
      init: {
        method: "POST",
        // A key in a header must not follow a redirect to another host.
        redirect: "manual",
        headers: {
          accept: "application/json",
          "content-type": "application/json",
          authorization: `Bearer ${apiKey}`,
        },
        body: JSON.stringify({
          query,
          max_results: max,
          search_depth: "basic",
          include_answer: false,
          include_raw_content: false,
          include_images: false,
        }),
      },
      fetch: doFetch,
      signal,
      timeoutMs,
      secrets: [apiKey],
      authHint: "check TAVILY_API_KEY",
      explainStatus: (status) =>
        status === 432 || status === 433
          ? new SearchError(
              "quota",
              `Tavily usage limit reached (HTTP ${status}); raise the plan's limit or wait for it to reset.`,
              status,
            )
          : undefined,
    });
    const results = field(body, "results");
    if (!Array.isArray(results)) {
      throw new SearchError("bad_response", "Tavily answered without a results list.");
    }
    return normalizeResults(
      results.map(
        (hit): RawHit => ({
          title: field(hit, "title"),
          url: field(hit, "url"),
          snippet: field(hit, "content"),
        }),
      ),
      max,
    );
  };
}
