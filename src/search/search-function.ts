/** One web search hit, whatever backend produced it. */
export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

/** A web search backend. Throws on failure with a message safe to show (no secrets). */
export type SearchFunction = (
  query: string,
  options: { signal?: AbortSignal },
) => Promise<SearchResult[]>;
