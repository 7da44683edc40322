import type { StepResult, ToolSet } from "ai";

type Step = Pick<StepResult<ToolSet>, "content" | "usage" | "providerMetadata">;

/**
 * The server-side web searches the provider bills, summed over steps. Anthropic bills what it
 * reports as `usage.server_tool_use.web_search_requests` (a search that failed is not billed),
 * which the provider passes on as the raw usage and in its metadata. A step without that figure
 * counts its searches that returned results, never the failed ones.
 */
export function billedWebSearches(steps: readonly Step[]): number {
  let searches = 0;
  for (const step of steps) searches += reportedSearches(step) ?? successfulSearches(step);
  return searches;
}

function reportedSearches(step: Step): number | undefined {
  const metadata = step.providerMetadata?.anthropic as { usage?: unknown } | undefined;
  for (const usage of [step.usage?.raw, metadata?.usage]) {
    const figure = (usage as { server_tool_use?: { web_search_requests?: unknown } } | undefined)
      ?.server_tool_use?.web_search_requests;
    if (typeof figure === "number" && Number.isFinite(figure) && figure >= 0) return figure;
  }
  return undefined;
}

function successfulSearches(step: Step): number {
  return step.content.filter(
    (part) =>
      part.type === "tool-result" &&
      part.providerExecuted &&
      part.toolName === "web_search" &&
      Array.isArray(part.output),
  ).length;
}
