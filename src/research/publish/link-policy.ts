import { citationPlaceholder } from "../../agent/citation-placeholder.ts";
import { type Source, sourceKey } from "../source-links.ts";
import { publishedUrl } from "./published-url.ts";

/**
 * Which links a published text may keep. The sanitizer asks with a link's target as renderers
 * read it (entities decoded, escapes read); the answer is the Markdown that cites the page after
 * the link's text, or undefined when the page was not retrieved and the link must go.
 */
export interface LinkPolicy {
  citation(href: string): string | undefined;
}

/** Keyed by the published form of a URL, so any spelling of a retrieved page finds it. */
function byPublishedKey(sources: readonly Source[]): Map<string, { url: string }> {
  const pages = new Map<string, { url: string }>();
  for (const source of sources) {
    const url = publishedUrl(source.url);
    if (url && !pages.has(sourceKey(url))) pages.set(sourceKey(url), { url });
  }
  return pages;
}

function lookup(pages: ReturnType<typeof byPublishedKey>, href: string) {
  const url = publishedUrl(href);
  return url === undefined ? undefined : pages.get(sourceKey(url));
}

/**
 * A run's report: a link to a page a tool retrieved becomes that page's citation placeholder,
 * written with the page's own URL (never the link's spelling, whose fragment or query could carry
 * anything), to be numbered when the report is filed.
 */
export function placeholderPolicy(retrieved: readonly Source[]): LinkPolicy {
  const pages = byPublishedKey(retrieved);
  return {
    citation: (href) => {
      const page = lookup(pages, href);
      return page && citationPlaceholder(page.url);
    },
  };
}

/** Text with no links at all (an issue comment's summary, an error message). */
export const NO_LINKS: LinkPolicy = { citation: () => undefined };
