import { tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { anthropicWebSearchTool } from "../models/anthropic-web-search.ts";
import { createToolCatalog } from "../tools/catalog/tool-catalog.ts";
import { createDeferral } from "../tools/deferral/create-deferral.ts";
import type { RunAgentOptions } from "./agent-types.ts";
import {
  CONVERSATION_CACHE,
  cachedCallSettings,
  withToolCacheBreakpoint,
} from "./prompt-caching.ts";

const fn = (description: string) => tool({ description, inputSchema: z.object({}) });
const cacheOf = (t: unknown) =>
  (t as { providerOptions?: { anthropic?: { cacheControl?: unknown } } }).providerOptions?.anthropic
    ?.cacheControl;

describe("withToolCacheBreakpoint", () => {
  it("marks the last function tool, skipping provider and deferred tools, and keeps the order", () => {
    const tools = {
      a: fn("a"),
      b: fn("b"),
      later: { ...fn("later"), providerOptions: { anthropic: { deferLoading: true } } },
      web_search: anthropicWebSearchTool(),
    };
    const cached = withToolCacheBreakpoint(tools);

    expect(Object.keys(cached)).toEqual(["a", "b", "later", "web_search"]);
    expect(cacheOf(cached.b)).toEqual({ type: "ephemeral" });
    expect([cached.a, cached.later, cached.web_search].map(cacheOf)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(cacheOf(tools.b)).toBeUndefined();
  });

  it("leaves a tool set without function tools as it is", () => {
    const tools = { web_search: anthropicWebSearchTool() };
    expect(withToolCacheBreakpoint(tools)).toBe(tools);
  });

  it("takes tool deferral's prepareStep as runAgent's per-step seam", async () => {
    const tools = { a: fn("a"), b: fn("b") };
    const deferral = createDeferral({ tools, catalog: createToolCatalog([]) });
    const options: Pick<RunAgentOptions, "prepareStep"> = { prepareStep: deferral.prepareStep };

    expect(await options.prepareStep?.({ steps: [], messages: [] } as never)).toEqual({
      activeTools: ["a", "b"],
    });
  });
});

describe("cachedCallSettings", () => {
  it("puts breakpoints on the last function tool, a string system prompt and the conversation", () => {
    const tools = { a: fn("a"), b: fn("b"), web_search: anthropicWebSearchTool() };
    const settings = cachedCallSettings({ tools, instructions: "Be brief." });

    expect(Object.keys(settings.tools)).toEqual(["a", "b", "web_search"]);
    expect([settings.tools.a, settings.tools.b].map(cacheOf)).toEqual([
      undefined,
      { type: "ephemeral" },
    ]);
    // Schemas are converted once: a Schema object, not the zod schema the SDK would re-convert.
    expect(settings.tools.a?.inputSchema).not.toBe(tools.a.inputSchema);
    expect(settings.instructions).toEqual({
      role: "system",
      content: "Be brief.",
      providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
    });
    expect(settings.providerOptions).toEqual(CONVERSATION_CACHE);
  });

  it("keeps the caller's provider options, its anthropic keys winning, and its system messages", () => {
    const system = [{ role: "system" as const, content: "mine" }];
    const settings = cachedCallSettings({
      tools: {},
      instructions: system,
      providerOptions: {
        openai: { store: false },
        anthropic: { sendReasoning: false, cacheControl: { type: "ephemeral", ttl: "1h" } },
      },
    });

    expect(settings.instructions).toBe(system);
    expect(settings.providerOptions).toEqual({
      openai: { store: false },
      anthropic: { sendReasoning: false, cacheControl: { type: "ephemeral", ttl: "1h" } },
    });
  });
});
