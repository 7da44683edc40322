import { MAX_STORED_FILE_BYTES } from "../../store/research-files.ts";
import type { ToolCallLog } from "../../tools/tool-call-log.ts";
import type { ResearchOutcome } from "./research-outcome.ts";

/** A web search that failed, as exploration-log.json records it. */
export type SearchFailure = { query: string; errorType: string; error?: string };

export function searchFailures(toolCalls: readonly ToolCallLog[]): SearchFailure[] {
  return toolCalls
    .filter((call) => call.name === "web_search" && !call.ok)
    .map((call) => ({
      query: call.query ?? "",
      errorType: call.errorType ?? "search_error",
      ...(call.error ? { error: call.error } : {}),
    }));
}

/**
 * What the user must hear about a run that succeeded but is weaker than it looks: a report
 * cut off at the output limit, web searches that failed. One line each, shown at the end of
 * the run (CLI), in --json, the API's job result and the MCP result.
 */
export function runWarnings(outcome: ResearchOutcome): string[] {
  const warnings: string[] = [];
  if (outcome.cutForSize) {
    const { reportBytes, keptBytes } = outcome.cutForSize;
    warnings.push(
      `the report (${bytes(reportBytes)}) did not fit the ideas repository's file limit (${bytes(MAX_STORED_FILE_BYTES)}); only its first ${bytes(keptBytes)} were committed, with "truncated: true"`,
    );
  } else if (outcome.truncated) {
    warnings.push(
      `the report was cut off at the model's output limit (${outcome.limits.maxOutputTokens.toLocaleString("en")} tokens), even after asking it once to continue; it is committed with "truncated: true"`,
    );
  }
  const searches = outcome.toolCalls.filter((call) => call.name === "web_search");
  const failed = searchFailures(outcome.toolCalls);
  if (failed.length > 0) {
    const reason = failed.find((f) => f.error)?.error ?? failed[0]!.errorType;
    const all = failed.length === searches.length;
    warnings.push(
      `${failed.length} of ${searches.length} web searches failed: ${reason.replace(/\.$/, "")}${all ? "; the report rests on no web search: check the search backend" : ""}`,
    );
  }
  return warnings;
}

function bytes(count: number): string {
  return `${count.toLocaleString("en")} bytes`;
}
