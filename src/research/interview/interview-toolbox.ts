import type { PrepareStepFunction, ToolSet } from "ai";
import { buildInterviewInstructions } from "../../prompts/interview/interview-instructions.ts";
import type { CatalogMetadata } from "../../tools/catalog/catalog-entry-from-tool.ts";
import { PRODUCT_TOOL_METADATA } from "../../tools/catalog/product-catalog.ts";
import { planToolLoading, type ToolSearchMode } from "../../tools/deferral/tool-loading.ts";
import { SEARCH_TOOLS_TOOL_NAME } from "../../tools/search-tools.ts";

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
  /** How extra tools are loaded (default auto: behind search_tools above 10 tools). */
  toolSearch?: ToolSearchMode;
  threshold?: number;
}

export interface InterviewToolbox {
  /** Every registered tool, in an order that never changes between steps. */
  tools: ToolSet;
  /** The system prompt for exactly the tools the model is shown (and those it can find). */
  instructions: string;
  /** Sent from the first step. */
  visible: readonly string[];
  /** Hidden until a tool search finds them; empty when everything is loaded. */
  deferred: readonly string[];
  /** Per-step activeTools when deferring through search_tools. */
  prepareStep?: PrepareStepFunction<ToolSet>;
}

/**
 * The interview's tool set and prompt. The interview lives on its own tools, so they are always
 * loaded; only extra tools (MCP imports) may wait behind search_tools, and only once the set is
 * large (planToolLoading). A tool found in one turn stays loaded in later ones: deferral reads
 * earlier search_tools results from the conversation's messages.
 */
export function createInterviewToolbox(options: InterviewToolboxOptions): InterviewToolbox {
  const extra = options.extra?.tools ?? {};
  for (const name of Object.keys(extra)) {
    if (Object.hasOwn(options.builtIn, name) || name === SEARCH_TOOLS_TOOL_NAME) {
      throw new Error(`interview tools: an extra tool may not be named "${name}"`);
    }
  }
  const loading = planToolLoading({
    tools: { ...options.builtIn, ...extra },
    core: Object.keys(options.builtIn),
    metadata: { ...PRODUCT_TOOL_METADATA, ...options.extra?.catalogMetadata },
    mode: options.toolSearch ?? "auto",
    ...(options.threshold === undefined ? {} : { threshold: options.threshold }),
    // The terminal shows each call as it happens; no JSON log lines.
    onToolCall: () => {},
  });
  return {
    tools: loading.tools,
    instructions: buildInterviewInstructions({
      tools: loading.promptTools,
      deferredSection: loading.promptSection,
    }),
    visible: loading.visible,
    deferred: loading.deferred,
    ...(loading.prepareStep ? { prepareStep: loading.prepareStep } : {}),
  };
}
