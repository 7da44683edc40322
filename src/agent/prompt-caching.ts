import type { generateText, Instructions, SystemModelMessage, ToolSet } from "ai";
import { withSchemasOnce } from "./schemas-once.ts";

type ProviderOptions = NonNullable<Parameters<typeof generateText>[0]["providerOptions"]>;

/** Anthropic's ephemeral cache (5 minutes), ignored by other providers. */
const EPHEMERAL = { anthropic: { cacheControl: { type: "ephemeral" } } } as const;

/**
 * The system prompt as a message carrying a cache breakpoint. Anthropic caches the prefix
 * tools → system → messages up to each breakpoint, so every later step of the run (and the
 * final no-tools step) reads tool definitions and instructions from the cache.
 */
export function cachedInstructions(instructions: string): SystemModelMessage {
  return { role: "system", content: instructions, providerOptions: EPHEMERAL };
}

/** Request-level cache control: Anthropic moves this breakpoint to the end of the conversation. */
export const CONVERSATION_CACHE = EPHEMERAL;

/**
 * The tool set with a cache breakpoint on its last function tool, in the order given.
 * The order is the caller's insertion order, which the SDK keeps, sent unchanged on every step,
 * because any change of the tools array invalidates the provider's cache. Provider tools
 * (web_search) cannot carry cache_control and deferred tools are loaded on demand, so the
 * breakpoint goes on the last tool that is always sent. Input tools are not modified.
 */
export function withToolCacheBreakpoint(tools: ToolSet): ToolSet {
  const names = Object.keys(tools);
  const last = names.findLast((name) => {
    const tool = tools[name];
    const isFunction =
      tool?.type === undefined || tool.type === "function" || tool.type === "dynamic";
    // A deferred definition (Anthropic tool search) is not part of the sent prefix.
    return isFunction && tool?.providerOptions?.anthropic?.deferLoading !== true;
  });
  if (last === undefined) return tools;
  const tool = tools[last] as ToolSet[string];
  const providerOptions = tool.providerOptions ?? {};
  return {
    ...tools,
    [last]: {
      ...tool,
      providerOptions: {
        ...providerOptions,
        anthropic: { ...providerOptions.anthropic, ...EPHEMERAL.anthropic },
      },
    },
  };
}

export interface CachedCallInput {
  tools: ToolSet;
  instructions: Instructions;
  providerOptions?: ProviderOptions | undefined;
}

export interface CachedCallSettings {
  /** Schemas converted once, a cache breakpoint on the last always-sent function tool. */
  tools: ToolSet;
  /** A string gets a cache breakpoint; system messages are the caller's and sent as given. */
  instructions: Instructions;
  /** The caller's options with the conversation breakpoint; the caller's anthropic keys win. */
  providerOptions: ProviderOptions;
}

/**
 * What a tool loop sends on every step, set up for the provider's cache: each step re-sends
 * tools, instructions and the whole conversation, and with Anthropic the breakpoints on the
 * tools, the system prompt and the conversation's end make each step pay full price only for
 * what is new since the last one (other providers ignore them). Schemas are converted to JSON
 * Schema once here rather than at every step. Build it once per run (runAgent) or session
 * (the interview) and send it on every generateText/streamText call: the same tools array on
 * every step keeps the cache.
 */
export function cachedCallSettings(input: CachedCallInput): CachedCallSettings {
  return {
    tools: withToolCacheBreakpoint(withSchemasOnce(input.tools)),
    instructions:
      typeof input.instructions === "string"
        ? cachedInstructions(input.instructions)
        : input.instructions,
    providerOptions: {
      ...input.providerOptions,
      anthropic: { ...CONVERSATION_CACHE.anthropic, ...input.providerOptions?.anthropic },
    },
  };
}
