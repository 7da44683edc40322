import { dedupeSources, type Source } from "../source-links.ts";
import { publishedUrl } from "./published-url.ts";
import { type Removal, RemovalList } from "./removals.ts";

const MAX_TITLE_CHARS = 300;

/**
 * The retrieved pages as research.md may list them: each URL in its published form (see
 * publishedUrl), a page whose URL cannot be published left out and listed as removed, titles on
 * one line and bounded (a page chooses its own title, of any length). Titles stay plain text
 * here; the Sources section escapes them where it writes them.
 */
export function publishSources(sources: readonly Source[]): {
  sources: Source[];
  removed: Removal[];
} {
  const removals = new RemovalList();
  const kept: Source[] = [];
  for (const source of sources) {
    const url = publishedUrl(source.url);
    if (url === undefined) {
      removals.add("source", source.url);
      continue;
    }
    kept.push({ title: oneLineTitle(source.title), url });
  }
  return { sources: dedupeSources(kept), removed: removals.list() };
}

function oneLineTitle(title: string): string {
  // Control and bidirectional-override characters could hide or reorder what a reader sees.
  const visible = title.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, " ");
  const line = visible.replace(/\s+/g, " ").trim();
  return line.length > MAX_TITLE_CHARS ? `${line.slice(0, MAX_TITLE_CHARS - 1)}…` : line;
}
