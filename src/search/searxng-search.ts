import { parseHttpUrl } from "../models/http-url.ts";
import { type BackendOptions, checkTimeout, endpoint } from "./backend-options.ts";
import { fetchSearchJson, field } from "./fetch-search-json.ts";
import { checkMaxResults, normalizeResults, type RawHit } from "./normalize-results.ts";
import { SearchError } from "./search-error.ts";
import type { SearchFunction } from "./search-function.ts";

const BACKEND = "SearXNG";
export const SEARXNG_EXAMPLE_URL = "http://localhost:8080";

export interface SearxngOptions extends BackendOptions {
  /** The instance's address, e.g. http://localhost:8080 or https://user:pass@host/searxng. */
  baseUrl: string;
  /** Which setting the address came from, so errors name it (default "SearXNG base URL"). */
  settingName?: string;
}

/**
 * SearXNG's JSON API: `GET {base}/search?q=...&format=json` → `{ results: [{ title, url, content }] }`.
 * Instances answer 403 to format=json unless `json` is listed under `search.formats` in
 * settings.yml, which is the usual first-run failure, so that case gets its own message.
 * Credentials in the URL (instances behind basic auth) move to an Authorization header because
 * fetch refuses URLs that carry them.
 */
export function createSearxngSearch(options: SearxngOptions): SearchFunction {
  const { url, authorization, secrets } = searxngEndpoint(options);
  const doFetch = options.fetch ?? fetch;
  const max = checkMaxResults(options.maxResults);
  const timeoutMs = checkTimeout(options.timeoutMs);
  const settingName = options.settingName ?? "SearXNG base URL";

  return async (query, { signal }) => {
    const request = new URL(url.href);
    request.searchParams.set("q", query);
    request.searchParams.set("format", "json");
    const headers: Record<string, string> = { accept: "application/json" };
    if (authorization) headers.authorization = authorization;
    const body = await fetchSearchJson({
      backend: BACKEND,
      url: request,
      init: { method: "GET", headers },
      fetch: doFetch,
      signal,
      timeoutMs,
      secrets,
      authHint: `check the user name and password in ${settingName}`,
      explainStatus: (status) =>
        status === 403
          ? new SearchError(
              "auth",
              "SearXNG refused the JSON API (HTTP 403); add `json` under search.formats in the instance's settings.yml.",
              status,
            )
          : undefined,
    });
    const results = field(body, "results");
    if (!Array.isArray(results)) {
      throw new SearchError("bad_response", "SearXNG answered without a results list.");
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

function searxngEndpoint(options: SearxngOptions): {
  url: URL;
  authorization: string | undefined;
  secrets: string[];
} {
  const base = parseHttpUrl(
    options.baseUrl,
    options.settingName ?? "SearXNG base URL",
    SEARXNG_EXAMPLE_URL,
  );
  const user = decodeURIComponent(base.username);
  const password = decodeURIComponent(base.password);
  base.username = "";
  base.password = "";
  // Accept both the instance root and its /search page, which users often copy from the browser.
  const url = /\/search\/?$/.test(base.pathname) ? endpoint(base, "") : endpoint(base, "search");
  url.pathname = url.pathname.replace(/\/+$/, "");
  const authorization =
    user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` : undefined;
  return { url, authorization, secrets: [password, authorization ?? ""].filter(Boolean) };
}
