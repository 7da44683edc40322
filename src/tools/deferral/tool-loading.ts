import type { PrepareStepFunction, ToolSet } from "ai";
import type { ToolCatalog } from "../catalog/catalog-entry.ts";
import type { CatalogMetadata } from "../catalog/catalog-entry-from-tool.ts";
import { catalogEntriesFromToolSet } from "../catalog/catalog-from-tool-set.ts";
import { createToolCatalog } from "../catalog/tool-catalog.ts";
import { createSearchToolsTool, SEARCH_TOOLS_TOOL_NAME } from "../search-tools.ts";
import type { OnToolCall } from "../tool-call-log.ts";
import { ANTHROPIC_TOOL_SEARCH_KEY, withAnthropicToolSearch } from "./anthropic-tool-search.ts";
import { createDeferral, DEFAULT_DEFERRAL_THRESHOLD } from "./create-deferral.ts";
import { defaultListing, renderToolPromptSection } from "./tool-prompt-section.ts";
import type { ToolSearchMode } from "./tool-search-modes.ts";

export { TOOL_SEARCH_MODES, type ToolSearchMode } from "./tool-search-modes.ts";

/** The name Anthropic's BM25 tool search has on the wire, as the model sees it. */
const ANTHROPIC_SEARCH_TOOL_WIRE_NAME = "tool_search_tool_bm25";

export interface ToolLoadingOptions {
  /** Every tool of the run except search_tools, in the order they should be sent. */
  tools: ToolSet;
  /** Names of the tools that are always loaded and described in the prompt. */
  core: readonly string[];
  /** Category, usage, aliases per tool name (see product-catalog.ts, McpImport.catalogMetadata). */
  metadata?: Readonly<Record<string, Omit<CatalogMetadata, "core">>>;
  mode?: ToolSearchMode;
  /** auto defers when there are more tools than this (default 10). */
  threshold?: number;
  /** search_tools' call log. */
  onToolCall?: OnToolCall;
}

export interface ToolLoading {
  /** What actually happens: "all" means every tool is loaded from the first step. */
  strategy: "all" | "search_tools" | "anthropic";
  /**
   * The tools to give the runner: core tools, then the search tool, then the rest, each group
   * in the order given. The order never changes between steps, so the provider's cache holds.
   */
  tools: ToolSet;
  /** Sent (and loaded) from the first step, in order. */
  visible: readonly string[];
  /**
   * The tools the system prompt describes: the visible ones, in order, without Anthropic's
   * native search, which has no description of ours (promptSection names it).
   */
  promptTools: ToolSet;
  /** Not loaded until a search finds them, in order. Empty when strategy is "all". */
  deferred: readonly string[];
  catalog: ToolCatalog;
  /** For the runner's prepareStep (strategy "search_tools" only). */
  prepareStep?: PrepareStepFunction<ToolSet>;
  /** The prompt's listing of deferred tools by category, with "use … first"; "" when none. */
  promptSection: string;
}

/**
 * Decides how a run's tools are loaded and builds what the runner and the prompt need: the
 * ordered tool set (with search_tools or Anthropic's native search when deferring), the
 * per-step activation, and the prompt section listing what is not loaded yet.
 */
export function planToolLoading(options: ToolLoadingOptions): ToolLoading {
  const mode = options.mode ?? "auto";
  const threshold = options.threshold ?? DEFAULT_DEFERRAL_THRESHOLD;
  const core = new Set([...options.core, SEARCH_TOOLS_TOOL_NAME]);
  const catalog = createToolCatalog(
    catalogEntriesFromToolSet(options.tools, {
      core: [...core],
      ...(options.metadata ? { metadata: options.metadata } : {}),
    }),
  );
  const names = Object.keys(options.tools).filter((n) => n !== SEARCH_TOOLS_TOOL_NAME);
  // Tools the catalog cannot describe (provider tools) are never deferred.
  const deferrable = names.filter((n) => catalog.get(n)?.core === false);
  const defer =
    deferrable.length > 0 &&
    (mode === "always" || mode === "anthropic" || (mode === "auto" && names.length > threshold));
  const firstGroup = names.filter((n) => !deferrable.includes(n));
  const pick = (list: readonly string[]) =>
    Object.fromEntries(list.map((n) => [n, options.tools[n] as ToolSet[string]]));

  if (!defer) {
    const tools = pick([...firstGroup, ...deferrable]);
    const visible = Object.keys(tools);
    return {
      strategy: "all",
      tools,
      visible,
      promptTools: described(tools, visible),
      deferred: [],
      catalog,
      promptSection: "",
    };
  }

  if (mode === "anthropic") {
    const tools = withAnthropicToolSearch({
      tools: pick([...firstGroup, ...deferrable]),
      catalog,
      threshold: 0,
    });
    const visible = [...firstGroup, ANTHROPIC_TOOL_SEARCH_KEY];
    return {
      strategy: "anthropic",
      tools,
      visible,
      promptTools: described(tools, visible),
      deferred: deferrable,
      catalog,
      promptSection: renderToolPromptSection({
        deferred: deferrable.flatMap((n) => catalog.get(n) ?? []),
        searchToolName: ANTHROPIC_SEARCH_TOOL_WIRE_NAME,
        listing: defaultListing(deferrable.length),
      }),
    };
  }

  const searchTools = createSearchToolsTool(catalog, {
    ...(options.onToolCall ? { onToolCall: options.onToolCall } : {}),
  });
  const tools = {
    ...pick(firstGroup),
    [SEARCH_TOOLS_TOOL_NAME]: searchTools,
    ...pick(deferrable),
  };
  const deferral = createDeferral({ tools, catalog, threshold: 0 });
  const visible = deferral.activeTools();
  return {
    strategy: "search_tools",
    tools,
    visible,
    promptTools: described(tools, visible),
    deferred: deferral.deferred,
    catalog,
    prepareStep: ({ steps, messages }) => deferral.prepareStep({ steps, messages }),
    promptSection: deferral.promptSection({ includeLoaded: false }),
  };
}

/** The visible tools the prompt describes, in order; Anthropic's native search is named, not described. */
function described(tools: ToolSet, visible: readonly string[]): ToolSet {
  return Object.fromEntries(
    visible
      .filter((name) => name !== ANTHROPIC_TOOL_SEARCH_KEY)
      .map((name) => [name, tools[name] as ToolSet[string]]),
  );
}
