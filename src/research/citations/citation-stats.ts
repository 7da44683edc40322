import { Lexer, type Token } from "marked";
import { type Source, sourceKey, withoutSources } from "../source-links.ts";
import { PLACEHOLDER_RUN, placeholderUrls } from "./citation-syntax.ts";

/** How well a run's report cites its sources, as exploration-log.json records it. */
export interface CitationStats {
  /** Markers in the report: a group "[1][3]" counts 2. */
  markers: number;
  /** Distinct pages the report cites. */
  citedSources: number;
  /** Pages the run retrieved that the report does not cite ("Also consulted"). */
  consultedSources: number;
  /** Body paragraphs and list items; headings, tables and code are not prose to cite in. */
  paragraphs: number;
  paragraphsWithCitation: number;
}

/**
 * Counts the citations of a run's report, its placeholders not numbered yet (cite-retrieved.ts);
 * markers are counted as numbering renders them, each page once per group.
 */
export function citationStats(report: string, retrieved: readonly Source[]): CitationStats {
  const groups = [...report.matchAll(PLACEHOLDER_RUN)].map(
    ([run]) => new Set(placeholderUrls(run).map(sourceKey)),
  );
  const cited = new Set(groups.flatMap((group) => [...group]));
  const paragraphs = proseBlocks(Lexer.lex(report, { gfm: true }));
  return {
    markers: groups.reduce((sum, group) => sum + group.size, 0),
    citedSources: cited.size,
    consultedSources: withoutSources(retrieved, cited).length,
    paragraphs: paragraphs.length,
    paragraphsWithCitation: paragraphs.filter((raw) => raw.search(PLACEHOLDER_RUN) >= 0).length,
  };
}

/** The raw Markdown of each paragraph and list item (a nested list's items counted apart). */
function proseBlocks(tokens: readonly Token[]): string[] {
  return tokens.flatMap((token): string[] => {
    if (token.type === "paragraph") return [token.raw];
    if (token.type === "blockquote") return proseBlocks(token.tokens ?? []);
    if (token.type !== "list") return [];
    return (token.items as { tokens: Token[] }[]).flatMap((item) => {
      const nested = item.tokens.filter((t) => t.type === "list");
      const own = item.tokens.filter((t) => t.type !== "list").map((t) => t.raw);
      return [own.join(""), ...proseBlocks(nested)];
    });
  });
}
