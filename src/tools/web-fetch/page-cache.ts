import { fetchKey } from "./fetch-provenance.ts";

/** A page as web_fetch read it once: every later part of it is cut from here. */
export interface ReadPage {
  /** The address that answered, after redirects. */
  url: string;
  title: string;
  /** Author, publication date (YYYY-MM-DD when known) and site name, when the page gives them. */
  byline?: string;
  published?: string;
  site?: string;
  text: string;
  /** The body stopped at the download cap: the text is the start of a larger page. */
  downloadCut: boolean;
}

export interface PageCacheLimits {
  /** Pages kept (default 32); the least recently used goes first. */
  maxPages?: number;
  /** Characters of text kept across all pages (default 4,000,000, about 8 MB). */
  maxChars?: number;
}

/**
 * The pages one run has read, so "call again with offset" costs no download, no fetch against
 * the caps and no second request to the site. Keyed by the URL as provenance compares it (and by
 * the URL that answered, after redirects) plus whether the whole page or its main content was
 * asked for. Bounded in pages and characters; an evicted page is simply downloaded again.
 */
export class PageCache {
  readonly #pages = new Map<string, ReadPage>();
  readonly #maxPages: number;
  readonly #maxChars: number;

  constructor(limits: PageCacheLimits = {}) {
    this.#maxPages = limits.maxPages ?? 32;
    this.#maxChars = limits.maxChars ?? 4_000_000;
  }

  get(url: string, full: boolean): ReadPage | undefined {
    const key = cacheKey(url, full);
    const page = key === undefined ? undefined : this.#pages.get(key);
    if (page === undefined || key === undefined) return undefined;
    // Re-inserted: Map order is the eviction order, oldest use first.
    this.#pages.delete(key);
    this.#pages.set(key, page);
    return page;
  }

  /** Keeps `page` under the URL asked for and the URL that answered. */
  set(requested: string, full: boolean, page: ReadPage): void {
    if (page.text.length > this.#maxChars) return;
    for (const url of new Set([requested, page.url])) {
      const key = cacheKey(url, full);
      if (key === undefined) continue;
      this.#pages.delete(key);
      this.#pages.set(key, page);
    }
    this.#evict();
  }

  #evict(): void {
    const chars = () => {
      let sum = 0;
      for (const page of new Set(this.#pages.values())) sum += page.text.length;
      return sum;
    };
    while (this.#pages.size > this.#maxPages || chars() > this.#maxChars) {
      const oldest = this.#pages.keys().next().value;
      if (oldest === undefined) return;
      this.#pages.delete(oldest);
    }
  }
}

function cacheKey(url: string, full: boolean): string | undefined {
  const key = fetchKey(url);
  return key === undefined ? undefined : `${full ? "full" : "main"} ${key}`;
}
