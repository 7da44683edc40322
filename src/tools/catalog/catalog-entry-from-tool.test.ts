import { dynamicTool, jsonSchema, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { catalogEntryFromTool } from "./catalog-entry-from-tool.ts";
import { catalogEntriesFromToolSet } from "./catalog-from-tool-set.ts";
import { createToolCatalog } from "./tool-catalog.ts";

const fetchTool = (description: string) =>
  tool({
    description,
    inputSchema: z.object({
      url: z.string().url().describe("The page to fetch, http or https"),
      maxChars: z.number().int().optional().describe("Cap on returned characters"),
      format: z.enum(["text", "markdown"]).default("text"),
      headers: z.array(z.string()).optional(),
    }),
    execute: async () => "",
  });

describe("catalogEntryFromTool", () => {
  it("reads the description and a parameter summary from a zod tool", () => {
    const entry = catalogEntryFromTool("web_fetch", fetchTool("Fetch a URL's readable text."), {
      category: "Web",
      core: false,
      aliases: ["browse"],
    });
    expect(entry).toEqual({
      name: "web_fetch",
      category: "Web",
      description: "Fetch a URL's readable text.",
      parameters:
        "url (string, required): The page to fetch, http or https; " +
        "maxChars (integer, optional): Cap on returned characters; " +
        'format (enum: text|markdown, optional, default: "text"); ' +
        "headers (string[], optional)",
      usage: "web_fetch({ url: '…' })",
      core: false,
      aliases: ["browse"],
    });
  });

  it("follows the tool: a changed description or schema changes what search finds", () => {
    const before = createToolCatalog([
      catalogEntryFromTool("web_fetch", fetchTool("Fetch a URL's readable text."), {
        category: "Web",
        core: false,
      }),
    ]);
    expect(before.search("podcast")).toEqual([]);
    const after = createToolCatalog([
      catalogEntryFromTool("web_fetch", fetchTool("Fetch a podcast feed's episodes."), {
        category: "Web",
        core: false,
      }),
    ]);
    expect(after.search("podcast").map((e) => e.name)).toEqual(["web_fetch"]);
    expect(after.get("web_fetch")?.description).toBe("Fetch a podcast feed's episodes.");
  });

  it("works for dynamic tools whose schema is plain JSON schema (MCP tools)", () => {
    const mcp = dynamicTool({
      description: "List open issues of a repository.",
      inputSchema: jsonSchema({
        type: "object",
        properties: {
          repo: { type: "string", description: "owner/name" },
          state: { type: ["string", "null"] },
          labels: { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } },
        },
        required: ["repo"],
      }),
      execute: async () => [],
    });
    const entry = catalogEntryFromTool("list_issues", mcp, {
      category: "MCP: github",
      core: false,
    });
    expect(entry.parameters).toBe(
      "repo (string, required): owner/name; state (string, optional); " +
        "labels ((string | number)[], optional)",
    );
    expect(entry.usage).toBe("list_issues({ repo: '…' })");
  });

  it("says 'none' for a tool without parameters and keeps a given usage example", () => {
    const close = tool({
      description: "Close the browser.",
      inputSchema: z.object({}),
      execute: async () => "",
    });
    const entry = catalogEntryFromTool("browser_close", close, {
      category: "Browser",
      core: false,
      usage: "browser_close()",
      relatedSkill: "agent-browser",
    });
    expect(entry.parameters).toBe("none");
    expect(entry.usage).toBe("browser_close()");
    expect(entry.relatedSkill).toBe("agent-browser");
  });

  it("refuses a tool whose description depends on call context, naming the tool", () => {
    const contextual = tool({
      description: () => "depends",
      inputSchema: z.object({}),
      execute: async () => "",
    });
    expect(() => catalogEntryFromTool("x", contextual, { category: "C", core: false })).toThrow(
      'tool catalog: "x" needs a fixed string description to be searchable',
    );
  });
});

describe("catalogEntriesFromToolSet", () => {
  it("flags core tools, applies metadata, defaults MCP tools' category, skips provider tools", () => {
    const tools = {
      web_fetch: fetchTool("Fetch a URL."),
      read_research: tool({
        description: "Read research.",
        inputSchema: z.object({ path: z.string() }),
        execute: async () => "",
      }),
      mcp_echo: dynamicTool({
        description: "Echo text.",
        inputSchema: jsonSchema({ type: "object", properties: {} }),
        execute: async () => "",
      }),
      web_search: {
        type: "provider" as const,
        id: "anthropic.web_search_20250305" as const,
        args: {},
        isProviderExecuted: true as const,
        inputSchema: jsonSchema({ type: "object" }),
      },
    };
    const entries = catalogEntriesFromToolSet(tools, {
      core: ["read_research"],
      metadata: { web_fetch: { category: "Web", aliases: ["browse"] } },
    });
    expect(entries.map((e) => [e.name, e.category, e.core])).toEqual([
      ["web_fetch", "Web", false],
      ["read_research", "Other", true],
      ["mcp_echo", "MCP tools", false],
    ]);
  });
});
