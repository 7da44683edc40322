import type { StepResult, ToolSet } from "ai";
import { WEB_SEARCH_TOOL_NAME, webSearchResultsOf } from "../tools/web-search.ts";

/** A page a tool actually retrieved during the run: the only pages the report may cite. */
export interface RetrievedSource {
  title: string;
  url: string;
  /** What the tool returned of the page (a search snippet, the page text read), for checking claims. */
  excerpt?: { kind: "snippet" | "page"; text: string };
}

/**
 * Reads the pages a client-side tool retrieved out of its result output. This is the seam for
 * "a tool that reports retrieved sources": register one per tool name in `runAgent`'s
 * `sourcesFrom`. The default covers `createWebSearchTool` (src/tools/web-search.ts).
 */
export type RetrievedSourcesOf = (output: unknown) => readonly RetrievedSource[];

export const DEFAULT_SOURCES_FROM: Readonly<Record<string, RetrievedSourcesOf>> = Object.freeze({
  [WEB_SEARCH_TOOL_NAME]: (output: unknown) =>
    webSearchResultsOf(output).map(({ title, url, snippet }) => ({
      title,
      url,
      ...(snippet ? { excerpt: { kind: "snippet" as const, text: snippet } } : {}),
    })),
});

type Part = StepResult<ToolSet>["content"][number];

/**
 * Every page web search returned, first seen first, without repeats: provider-executed
 * search results (Anthropic's web_search_tool_result), URL sources the provider reported
 * (citations of earlier results), and the results of client tools listed in `sourcesFrom`.
 * Never the model's prose: a URL the model merely wrote is not a source.
 */
export function retrievedSources(
  steps: readonly { content: readonly Part[] }[],
  sourcesFrom: Readonly<Record<string, RetrievedSourcesOf>> = DEFAULT_SOURCES_FROM,
): RetrievedSource[] {
  const found = new Map<string, RetrievedSource>();
  const add = (url: unknown, title: unknown) => {
    if (typeof url !== "string" || !/^https?:\/\//i.test(url)) return;
    const key = sourceKey(url);
    const name = typeof title === "string" && title.trim() ? title.trim() : url;
    if (!found.has(key)) found.set(key, { title: name, url });
  };
  for (const step of steps) {
    for (const part of step.content) {
      if (part.type === "source" && part.sourceType === "url") add(part.url, part.title);
      if (part.type !== "tool-result") continue;
      if (part.providerExecuted) {
        if (!Array.isArray(part.output)) continue;
        for (const item of part.output as { url?: unknown; title?: unknown }[]) {
          add(item?.url, item?.title);
        }
      } else {
        const extract = Object.hasOwn(sourcesFrom, part.toolName)
          ? sourcesFrom[part.toolName]
          : undefined;
        for (const source of extract?.(part.output) ?? []) add(source.url, source.title);
      }
    }
  }
  return [...found.values()];
}

/** The same page: URLs that differ only in a fragment or a trailing slash. */
function sourceKey(url: string): string {
  const hash = url.indexOf("#");
  return (hash === -1 ? url : url.slice(0, hash)).trim().replace(/\/+$/, "");
}
