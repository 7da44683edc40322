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

/** Sources in first-seen order without repeats, leaving out pages whose sourceKey is in `keys`. */
export function withoutSources(sources: Iterable<Source>, keys: ReadonlySet<string>): Source[] {
  return dedupeSources(sources).filter((source) => !keys.has(sourceKey(source.url)));
}
