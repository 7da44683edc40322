import { anthropic } from "@ai-sdk/anthropic";

/** How many searches one run may make when the prompt doesn't say otherwise (seed 000). */
export const DEFAULT_WEB_SEARCH_MAX_USES = 5;

/**
 * Anthropic's server-side web search, registered as the `web_search` tool. Anthropic runs the
 * searches; results come back as provider-executed tool-result parts and `result.sources`.
 * The 2025-03-05 version works on every current Claude model; the 2026 versions add dynamic
 * filtering through code execution, which only some models support.
 */
export function anthropicWebSearchTool(maxUses = DEFAULT_WEB_SEARCH_MAX_USES) {
  if (!Number.isInteger(maxUses) || maxUses < 1) {
    throw new RangeError(`maxUses must be a positive integer (got ${maxUses})`);
  }
  // A tool definition is independent of the provider instance, so the default one serves;
  // it reads no key or URL until it sends a request, which this never does.
  return anthropic.tools.webSearch_20250305({ maxUses });
}
