import { tool } from "ai";
import { z } from "zod";
import { DEFAULT_SEARCH_TIMEOUT_MS } from "../search/backend-options.ts";
import { checkMaxResults, normalizeResults } from "../search/normalize-results.ts";
import { SearchError } from "../search/search-error.ts";
import type { SearchFunction, SearchResult } from "../search/search-function.ts";
import { type CallFailure, callFailure } from "./call-failure.ts";
import { startDeadline } from "./deadline-signal.ts";
import { raceAbort } from "./race-abort.ts";
import { ToolCallError } from "./tool-call-error.ts";
import { logToolCall, type OnToolCall } from "./tool-call-log.ts";
import { fenceUntrusted } from "./untrusted-text.ts";

export const WEB_SEARCH_TOOL_NAME = "web_search";
const MAX_QUERY_CHARS = 500;

export const webSearchInputSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, "query must not be empty")
    .max(MAX_QUERY_CHARS, `query must be at most ${MAX_QUERY_CHARS} characters`)
    .describe(
      "What to search the web for: a few specific keywords or a short question, e.g. " +
        '"solar food dryer market size 2025". One topic per search.',
    ),
});

/**
 * What a web_search call returns to the AI SDK. The model sees only the rendered text (see
 * toModelOutput); the structured `results` stay in the step's `tool-result` part so the runner
 * builds the report's Sources list from URLs that were actually retrieved, never from the
 * model's prose. Read them with `webSearchResultsOf(toolResult.output)`.
 */
export interface WebSearchOutput {
  query: string;
  results: SearchResult[];
}

export interface WebSearchToolOptions {
  search: SearchFunction;
  /** Receives one entry per call; without it each call is logged as one JSON line on stderr. */
  onToolCall?: OnToolCall;
  /** Per-call limit in milliseconds (default 15 s); the search gets it as an AbortSignal. */
  timeoutMs?: number;
  /** At most this many results reach the model and the sources (default 5). */
  maxResults?: number;
}

export function createWebSearchTool(options: WebSearchToolOptions) {
  const { search } = options;
  const report = options.onToolCall ?? ((entry) => logToolCall(entry));
  const timeoutMs = options.timeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS;
  const maxResults = checkMaxResults(options.maxResults);

  return tool({
    description:
      "Search the web for current, external information (markets, competitors, prior art, facts). " +
      "Returns numbered results with title, snippet and URL. Cite only URLs these results return.",
    inputSchema: webSearchInputSchema,
    execute: async ({ query }, { abortSignal }): Promise<WebSearchOutput> => {
      const started = performance.now();
      const deadline = startDeadline(timeoutMs, abortSignal);
      const { signal } = deadline;
      const elapsed = () => Math.round(performance.now() - started);
      try {
        const found = await raceAbort(search(query, { signal }), signal);
        // Any SearchFunction may be plugged in; only http(s) URLs may reach the Sources list.
        const results = normalizeResults(found, maxResults, { fromHtml: false });
        report({
          name: WEB_SEARCH_TOOL_NAME,
          query,
          durationMs: elapsed(),
          ok: true,
          resultCount: results.length,
        });
        return { query, results };
      } catch (error) {
        const failure = callFailure(
          error,
          deadline,
          {
            timedOut: `the search backend did not answer within ${timeoutMs} ms.`,
            cancelled: "the search was cancelled.",
          },
          describeFailure,
        );
        report({
          name: WEB_SEARCH_TOOL_NAME,
          query,
          durationMs: elapsed(),
          ok: false,
          errorType: failure.errorType,
          error: failure.message,
        });
        // Thrown, so the SDK hands the model a tool-error it can read and react to.
        throw new WebSearchError(failure.message, failure.errorType);
      } finally {
        deadline.dispose();
      }
    },
    toModelOutput: ({ output }) => ({ type: "text", value: formatSearchResults(output) }),
  });
}

/**
 * A failed web_search call. The SDK shows the model `String(error)`, so the model reads
 * "WebSearchError: <what went wrong and what to check>".
 */
export class WebSearchError extends ToolCallError {
  override readonly name = "WebSearchError";
}

/** The model's view of a search: numbered blocks of title, snippet and URL. */
export function formatSearchResults({ query, results }: WebSearchOutput): string {
  if (results.length === 0) return `No results found for: ${query}`;
  const listing = results
    .map((r, i) =>
      [`${i + 1}. ${r.title}`, r.snippet && `   ${r.snippet}`, `   URL: ${r.url}`]
        .filter(Boolean)
        .join("\n"),
    )
    .join("\n\n");
  // Titles and snippets are written by whoever runs the page.
  return fenceUntrusted({ kind: "web search results", from: query }, listing);
}

/** The retrieved results in a web_search tool-result's output, or [] for anything else. */
export function webSearchResultsOf(output: unknown): SearchResult[] {
  if (output === null || typeof output !== "object") return [];
  const results = (output as { results?: unknown }).results;
  if (!Array.isArray(results)) return [];
  return results.filter(
    (r): r is SearchResult =>
      r !== null &&
      typeof r === "object" &&
      typeof (r as SearchResult).url === "string" &&
      typeof (r as SearchResult).title === "string",
  );
}

/** The search's own failure; a timed-out or cancelled call was told apart before (callFailure). */
function describeFailure(error: unknown): CallFailure {
  if (error instanceof SearchError) return { message: error.message, errorType: error.kind };
  const text = error instanceof Error ? error.message : String(error);
  const line =
    text
      .split("\n")
      .find((l) => l.trim())
      ?.trim() ?? "unknown error";
  return { message: line, errorType: "search_error" };
}
