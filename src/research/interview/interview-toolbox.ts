import type { PrepareStepFunction, ToolSet } from "ai";
import { buildInterviewInstructions } from "../../prompts/interview/interview-instructions.ts";
import type { CatalogMetadata } from "../../tools/catalog/catalog-entry-from-tool.ts";
import { catalogEntriesFromToolSet } from "../../tools/catalog/catalog-from-tool-set.ts";
import { PRODUCT_TOOL_METADATA } from "../../tools/catalog/product-catalog.ts";
import { createToolCatalog } from "../../tools/catalog/tool-catalog.ts";
import {
  createDeferral,
  DEFAULT_DEFERRAL_THRESHOLD,
} from "../../tools/deferral/create-deferral.ts";
import { createSearchToolsTool, SEARCH_TOOLS_TOOL_NAME } from "../../tools/search-tools.ts";

/** Tools added to the interview's own, e.g. imported from MCP servers. */
export interface ExtraTools {
  tools: ToolSet;
  /** Category and aliases per tool, for search_tools. */
  catalogMetadata?: Readonly<Record<string, Omit<CatalogMetadata, "core">>>;
}

export interface InterviewToolboxOptions {
  /** The interview's own tools (createInterviewTools): always loaded. */
  builtIn: ToolSet;
  extra?: ExtraTools;
  /** Above this many tools, extra tools are hidden behind search_tools (default 10). */
  threshold?: number;
}

export interface InterviewToolbox {
  /** Every registered tool, in a fixed order: built-in, extra, then search_tools if deferring. */
  tools: ToolSet;
  /** The system prompt for exactly the tools the model is shown (and those it can find). */
  instructions: string;
  /** Tools hidden until search_tools finds them; empty when everything is loaded. */
  deferred: readonly string[];
  /** Per-step activeTools when deferring; undefined when every tool is sent. */
  prepareStep?: PrepareStepFunction<ToolSet>;
}

/**
 * The interview's tool set and prompt. With few tools every definition is sent; once the set is
 * large (MCP imports), the extra tools are deferred: only the built-in tools and search_tools are
 * sent until search_tools returns a hidden tool, which then stays loaded for the rest of the
 * conversation (deferral reads earlier turns' search_tools results from the messages).
 */
export function createInterviewToolbox(options: InterviewToolboxOptions): InterviewToolbox {
  const threshold = options.threshold ?? DEFAULT_DEFERRAL_THRESHOLD;
  const extra = options.extra?.tools ?? {};
  for (const name of Object.keys(extra)) {
    if (Object.hasOwn(options.builtIn, name) || name === SEARCH_TOOLS_TOOL_NAME) {
      throw new Error(`interview tools: an extra tool may not be named "${name}"`);
    }
  }
  const all: ToolSet = { ...options.builtIn, ...extra };
  // search_tools itself counts: it is one more definition sent on every step.
  if (Object.keys(all).length + 1 <= threshold || Object.keys(extra).length === 0) {
    return { tools: all, instructions: buildInterviewInstructions({ tools: all }), deferred: [] };
  }
  const metadata = { ...PRODUCT_TOOL_METADATA, ...options.extra?.catalogMetadata };
  // The interview lives on its own tools; only the extras are worth finding on demand.
  const core = [...Object.keys(options.builtIn), SEARCH_TOOLS_TOOL_NAME];
  const catalog = createToolCatalog(catalogEntriesFromToolSet(all, { metadata, core }));
  const tools: ToolSet = {
    ...all,
    [SEARCH_TOOLS_TOOL_NAME]: createSearchToolsTool(catalog, { onToolCall: () => {} }),
  };
  const deferral = createDeferral({ tools, catalog, threshold });
  const pick = (names: readonly string[]) =>
    Object.fromEntries(names.map((name) => [name, tools[name] as ToolSet[string]]));
  return {
    tools,
    instructions: buildInterviewInstructions({
      tools: pick(deferral.alwaysActive),
      deferredTools: pick(deferral.deferred),
    }),
    deferred: deferral.deferred,
    prepareStep: ({ steps, messages }) => deferral.prepareStep({ steps, messages }),
  };
}
