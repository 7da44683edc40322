/**
 * How non-core tools are loaded:
 * - auto: every tool up to the threshold; above it non-core tools wait behind search_tools.
 * - always: non-core tools always wait behind search_tools.
 * - never: every tool is sent on every step, no search_tools.
 * - anthropic: Anthropic's native BM25 tool search (`defer_loading`), Anthropic models only.
 *
 * Apart from tool-loading.ts so that the command line can check --tool-search without loading
 * the catalog and the AI SDK.
 */
export const TOOL_SEARCH_MODES = ["auto", "always", "never", "anthropic"] as const;
export type ToolSearchMode = (typeof TOOL_SEARCH_MODES)[number];
