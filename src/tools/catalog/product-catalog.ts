import type { CatalogMetadata } from "./catalog-entry-from-tool.ts";

/**
 * What idea-explorer's own tools cannot say about themselves. Descriptions and parameters are
 * not here on purpose: they are read from the registered tools (catalogEntryFromTool).
 */
export const PRODUCT_TOOL_METADATA: Readonly<Record<string, Omit<CatalogMetadata, "core">>> = {
  read_research: {
    category: "Research",
    usage: "read_research({ path: 'ideas/2025-01-02-solar-dryer/research.md' })",
  },
  search_research: {
    category: "Research",
    aliases: [
      "earlier research",
      "previous explorations",
      "prior ideas",
      "find past research",
      "look up explored ideas",
      "research history",
    ],
    usage: "search_research({ query: 'solar food dryer' })",
  },
  web_search: {
    category: "Web",
    usage: "web_search({ query: 'solar food dryer market size 2025' })",
  },
  web_fetch: {
    category: "Web",
    aliases: [
      "browse",
      "open url",
      "read web page",
      "download page",
      "visit link",
      "scrape article",
      "page content",
    ],
    usage: "web_fetch({ url: 'https://example.com/article' })",
  },
  search_tools: {
    category: "Discovery",
    usage: "search_tools({ query: 'read a web page' })",
  },
  file_read: {
    category: "Codebase",
    aliases: ["open file", "read source code", "view file contents", "cat"],
    usage: "file_read({ path: 'src/index.ts' })",
  },
  file_write: {
    category: "Output files",
    usage: "file_write({ path: 'my-job/jtbd.md', content: '# Job' })",
  },
  list_files: {
    category: "Codebase",
    aliases: ["directory listing", "ls", "project structure", "browse folders", "tree"],
    usage: "list_files({ path: 'src', depth: 2 })",
  },
  search_files: { category: "Codebase", aliases: ["grep", "find in files"] },
};

/** Always loaded when exploring an idea; the rest is found through search_tools. */
export const EXPLORE_CORE_TOOLS: readonly string[] = [
  "read_research",
  "web_search",
  "search_tools",
];
