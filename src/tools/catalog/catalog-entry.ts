/**
 * What search_tools knows about one tool. `description` and `parameters` are derived from the
 * registered tool (see catalogEntryFromTool); the rest is small metadata the tool cannot know.
 */
export interface CatalogEntry {
  /** The registered tool name, exactly as the model must call it. */
  name: string;
  /** A human grouping such as "Browser Automation"; the prompt lists deferred tools under it. */
  category: string;
  description: string;
  /** One-line parameter summary, e.g. "url (string, required): The URL to open". */
  parameters: string;
  /** A call example, e.g. "web_fetch({ url: 'https://example.com' })". */
  usage: string;
  /** A skill that gives expert guidance for this tool, if any. */
  relatedSkill?: string;
  /** Core tools are always loaded and described; the others are found through search_tools. */
  core: boolean;
  /** Other words people use for this tool ("browse" for web_fetch); searched like the name. */
  aliases?: readonly string[];
}

/** One ranked result: the entry, its BM25F score, and how much of the query it covers (0..1). */
export interface CatalogHit {
  entry: CatalogEntry;
  score: number;
  /**
   * The share of the query's information (IDF mass) this entry matched, directly or through a
   * synonym. A confidence signal independent of catalog size: 1 means every query word matched.
   */
  coverage: number;
}

export interface CatalogSearchOptions {
  /** At most this many results (default 5). */
  limit?: number;
}

export interface ToolCatalog {
  readonly entries: readonly CatalogEntry[];
  /** Entries ranked by relevance, best first; ties broken by name. Empty when nothing matches. */
  search(query: string, options?: CatalogSearchOptions): CatalogEntry[];
  /** As search, with scores, for evaluation and callers that want a confidence cut-off. */
  searchScored(query: string, options?: CatalogSearchOptions): CatalogHit[];
  /** Every category, in order of first appearance. */
  categories(): string[];
  get(name: string): CatalogEntry | undefined;
}
