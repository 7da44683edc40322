import type { ToolCallLog } from "../../tools/tool-call-log.ts";
import type { FetchRefusal } from "../../tools/web-fetch/fetch-provenance.ts";
import { WEB_FETCH_TOOL_NAME } from "../../tools/web-fetch.ts";

const REFUSALS: ReadonlySet<string> = new Set<FetchRefusal>([
  "not_seen",
  "page_link_after_private",
  "run_cap",
  "step_cap",
  "host_denied",
  "host_not_allowed",
]);

/** What exploration-log.json says of web_fetch: pages read, and refusals by reason. */
export interface WebFetchSummary {
  fetched: number;
  refused: Partial<Record<FetchRefusal, number>>;
}

/**
 * Derived from the run's tool calls (every sub-question's in deep mode), so nothing is kept twice:
 * a call the provenance rules refused carries the rule as its error type. Undefined when the run
 * made no web_fetch call.
 */
export function webFetchSummary(calls: readonly ToolCallLog[]): WebFetchSummary | undefined {
  const fetches = calls.filter((call) => call.name === WEB_FETCH_TOOL_NAME);
  if (fetches.length === 0) return undefined;
  const refused: WebFetchSummary["refused"] = {};
  let fetched = 0;
  for (const call of fetches) {
    // A later part of a page already read is not a page read (and sent nothing).
    if (call.cached) continue;
    if (call.errorType && REFUSALS.has(call.errorType)) {
      const kind = call.errorType as FetchRefusal;
      refused[kind] = (refused[kind] ?? 0) + 1;
    } else fetched += 1;
  }
  return { fetched, refused };
}
