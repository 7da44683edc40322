import { tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { anthropicWebSearchTool } from "../models/anthropic-web-search.ts";
import { createToolCatalog } from "../tools/catalog/tool-catalog.ts";
import { createDeferral } from "../tools/deferral/create-deferral.ts";
import type { RunAgentOptions } from "./agent-types.ts";
import { withToolCacheBreakpoint } from "./prompt-caching.ts";

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
