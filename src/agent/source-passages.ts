import type { StepResult, ToolSet } from "ai";
import type { RetrievedSourcesOf } from "./retrieved-sources.ts";
import { DEFAULT_SOURCES_FROM } from "./retrieved-sources.ts";

/**
 * Text a tool or the provider returned from a page, kept so a report's claims can be checked
 * against what the cited page really says (src/research/checks/). `cited_text` is the passage
 * Anthropic's native citation quotes, with the text block it supports as `claim`; `page` is page
 * text web_fetch returned (one part of it); `snippet` is a search result's snippet.
 */
export interface SourcePassage {
  url: string;
  kind: "cited_text" | "page" | "snippet";
  text: string;
  claim?: string;
}

type Part = StepResult<ToolSet>["content"][number];

/**
 * Every passage the run's steps hold, first seen first, repeats (same page, kind and text) once.
 * Client tools' outputs are read through `sourcesFrom`, as retrievedSources reads them: a
 * source that carries an `excerpt` gives a passage.
 */
export function sourcePassages(
  steps: readonly { content: readonly Part[] }[],
  sourcesFrom: Readonly<Record<string, RetrievedSourcesOf>> = DEFAULT_SOURCES_FROM,
): SourcePassage[] {
  const found = new Map<string, SourcePassage>();
  const add = (passage: SourcePassage) => {
    if (!/^https?:\/\//i.test(passage.url) || !passage.text.trim()) return;
    const key = `${passage.kind}\u0000${passage.url}\u0000${passage.text}\u0000${passage.claim ?? ""}`;
    if (!found.has(key)) found.set(key, passage);
  };
  for (const step of steps) {
    for (const part of step.content) {
      if (part.type === "text") {
        for (const citation of part.citations ?? []) {
          const { source, citedText } = citation;
          if (source.sourceType !== "url" || typeof citedText !== "string") continue;
          add({ url: source.url, kind: "cited_text", text: citedText, claim: part.text });
        }
        continue;
      }
      if (part.type !== "tool-result" || part.providerExecuted) continue;
      const extract = Object.hasOwn(sourcesFrom, part.toolName)
        ? sourcesFrom[part.toolName]
        : undefined;
      for (const source of extract?.(part.output) ?? []) {
        if (source.excerpt) add({ url: source.url, ...source.excerpt });
      }
    }
  }
  return [...found.values()];
}
