import type { ToolSet } from "ai";
import type { ToolCatalog } from "../catalog/catalog-entry.ts";
import { SEARCH_TOOLS_TOOL_NAME } from "../search-tools.ts";
import { discoveredToolNames, type ToolHistory } from "./discovered-tools.ts";
import {
  type DeferredListing,
  defaultListing,
  renderToolPromptSection,
} from "./tool-prompt-section.ts";

/** Up to this many tools every definition is sent; loading everything is cheaper than a search. */
export const DEFAULT_DEFERRAL_THRESHOLD = 10;

export interface DeferralOptions {
  /** Every tool of the run, in the order they are sent. That order is never changed. */
  tools: ToolSet;
  catalog: ToolCatalog;
  /** Deferral switches on when the tool set has more than this many tools (default 10). */
  threshold?: number;
  searchToolName?: string;
}

export interface Deferral {
  readonly enabled: boolean;
  /** Loaded on every step: core tools, search_tools, and tools the catalog does not list. */
  readonly alwaysActive: readonly string[];
  /** Hidden until search_tools finds them. Empty when deferral is off. */
  readonly deferred: readonly string[];
  /**
   * The tools to send on the next step, in tool-set order: always-active ones plus every
   * deferred tool search_tools has returned so far in this run or conversation.
   */
  activeTools(history?: ToolHistory): string[];
  /** The system prompt's tool section; "" when deferral is off (every definition is sent). */
  promptSection(options?: { listing?: DeferredListing; includeLoaded?: boolean }): string;
  /** Ready to pass as generateText/streamText's prepareStep. */
  prepareStep(history: ToolHistory): { activeTools: string[] };
}

/**
 * Real deferral over AI SDK `activeTools`: a deferred tool's definition is not sent at all until
 * search_tools returns it, and from then on it stays loaded. Pure: the active set is a function
 * of the tool set, the catalog and the history, so it is testable without a model or runner.
 */
export function createDeferral(options: DeferralOptions): Deferral {
  const threshold = options.threshold ?? DEFAULT_DEFERRAL_THRESHOLD;
  if (!Number.isInteger(threshold) || threshold < 0) {
    throw new Error(`deferral: threshold must be a whole number >= 0, got ${threshold}`);
  }
  const searchToolName = options.searchToolName ?? SEARCH_TOOLS_TOOL_NAME;
  const { catalog } = options;
  const names = Object.keys(options.tools);
  const enabled = names.length > threshold;
  if (enabled && !names.includes(searchToolName)) {
    throw new Error(
      `deferral: ${names.length} tools need the ${searchToolName} tool in the tool set ` +
        "so hidden tools can be found",
    );
  }
  const isDeferred = (name: string) =>
    enabled && name !== searchToolName && catalog.get(name)?.core === false;
  const deferred = names.filter(isDeferred);
  // Below the threshold nothing is hidden, so there is nothing for search_tools to find.
  const alwaysActive = names.filter((n) => !isDeferred(n) && (enabled || n !== searchToolName));

  const activeTools = (history: ToolHistory = {}) => {
    if (!enabled) return [...alwaysActive];
    const found = new Set(discoveredToolNames(history, searchToolName));
    return names.filter((n) => !isDeferred(n) || found.has(n));
  };

  return {
    enabled,
    alwaysActive,
    deferred,
    activeTools,
    prepareStep: (history) => ({ activeTools: activeTools(history) }),
    promptSection: ({ listing, includeLoaded = true } = {}) => {
      if (!enabled) return "";
      return renderToolPromptSection({
        ...(includeLoaded
          ? {
              loaded: alwaysActive.map((name) => ({
                name,
                description: catalog.get(name)?.description ?? descriptionOf(options.tools, name),
              })),
            }
          : {}),
        deferred: deferred.flatMap((n) => catalog.get(n) ?? []),
        searchToolName,
        listing: listing ?? defaultListing(deferred.length),
      });
    },
  };
}

function descriptionOf(tools: ToolSet, name: string): string {
  const description = tools[name]?.description;
  return typeof description === "string" ? description : "runs on the model provider's side.";
}
