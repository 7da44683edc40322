/** A web page the agent actually retrieved during a run. */
export type Source = {
  title: string;
  url: string;
};

/** URLs compare equal when they differ only in a trailing slash, a fragment or the host's case. */
export function sourceKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = "";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return url.trim().replace(/\/$/, "");
  }
}

/** Sources in first-seen order without repeats. */
export function dedupeSources(sources: Iterable<Source>): Source[] {
  const seen = new Map<string, Source>();
  for (const source of sources) {
    const key = sourceKey(source.url);
    if (!seen.has(key))
      seen.set(key, { title: source.title.trim() || source.url, url: source.url });
  }
  return [...seen.values()];
}

const MARKDOWN_LINK = /\[([^\]\n]*)\]\((https?:\/\/[^\s)]+)\)/g;
const BARE_URL = /(?<![(<[])\bhttps?:\/\/[^\s)\]>]*[^\s)\]>.,;:!?]/g;

/**
 * Keeps only links to pages the agent retrieved: a Markdown link to anything else becomes its
 * plain text and a bare unretrieved URL is dropped, so a report can never cite a page that no
 * tool returned (the most common complaint about research agents is invented citations).
 */
export function keepRetrievedLinks(
  report: string,
  sources: Source[],
): { text: string; removed: string[] } {
  const allowed = new Set(sources.map((s) => sourceKey(s.url)));
  const removed: string[] = [];
  const isAllowed = (url: string) => {
    const ok = allowed.has(sourceKey(url));
    if (!ok) removed.push(url);
    return ok;
  };
  const text = report
    .replace(MARKDOWN_LINK, (whole, label: string, url: string) => (isAllowed(url) ? whole : label))
    .replace(BARE_URL, (url) => (isAllowed(url) ? url : ""));
  return { text, removed };
}
