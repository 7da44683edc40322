import { parseHttpUrl } from "../models/http-url.ts";
import { type BackendOptions, checkTimeout, endpoint, requireKey } from "./backend-options.ts";
import { fetchSearchJson, field } from "./fetch-search-json.ts";
import { checkMaxResults, normalizeResults, type RawHit } from "./normalize-results.ts";
import { SearchError } from "./search-error.ts";
import type { SearchFunction } from "./search-function.ts";

const BACKEND = "Brave";
export const BRAVE_API_URL = "https://api.search.brave.com";
/** The API's own ceiling for `count`. */
const BRAVE_MAX_COUNT = 20;

export interface BraveOptions extends BackendOptions {
  apiKey: string;
  /** Defaults to https://api.search.brave.com; set for a proxy or a test server. */
  baseUrl?: string;
}

/**
 * Brave's Web Search API: `GET {base}/res/v1/web/search?q=...&count=N` with
 * `X-Subscription-Token: <key>` → `{ web: { results: [{ title, url, description }] } }`.
 * `web` is absent when nothing matched. Brave reports a bad token as 422
 * SUBSCRIPTION_TOKEN_INVALID as well as 401, and marks matches in descriptions with <strong>.
 */
export function createBraveSearch(options: BraveOptions): SearchFunction {
  const apiKey = requireKey(options.apiKey, BACKEND, "BRAVE_API_KEY");
  const base = parseHttpUrl(options.baseUrl ?? BRAVE_API_URL, "Brave base URL", BRAVE_API_URL);
  const url = endpoint(base, "res/v1/web/search");
  const doFetch = options.fetch ?? fetch;
  const max = checkMaxResults(options.maxResults);
  const timeoutMs = checkTimeout(options.timeoutMs);

  return async (query, { signal }) => {
    const request = new URL(url.href);
    request.searchParams.set("q", query);
    request.searchParams.set("count", String(Math.min(max, BRAVE_MAX_COUNT)));
    const body = await fetchSearchJson({
      backend: BACKEND,
      url: request,
      init: {
        method: "GET",
        // A key in a header must not follow a redirect to another host.
        redirect: "manual",
        headers: { accept: "application/json", "x-subscription-token": apiKey },
      },
      fetch: doFetch,
      signal,
      timeoutMs,
      secrets: [apiKey],
      authHint: "check BRAVE_API_KEY",
      explainStatus: (status, detail) =>
        status === 422 && /token/i.test(detail ?? "")
          ? new SearchError(
              "auth",
              `Brave rejected the credentials (HTTP ${status}); check BRAVE_API_KEY.`,
              status,
            )
          : undefined,
    });
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      throw new SearchError(
        "bad_response",
        "Brave answered with JSON that is not a search response.",
      );
    }
    const web = field(body, "web");
    if (web === undefined) return [];
    const results = field(web, "results");
    if (!Array.isArray(results)) {
      throw new SearchError("bad_response", "Brave answered without a web.results list.");
    }
    return normalizeResults(
      results.map(
        (hit): RawHit => ({
          title: field(hit, "title"),
          url: field(hit, "url"),
          snippet: field(hit, "description"),
        }),
      ),
      max,
    );
  };
}
