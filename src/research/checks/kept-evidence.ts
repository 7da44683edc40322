import type { SourcePassage } from "../../agent/source-passages.ts";
import { sourceKey } from "../source-links.ts";
import { bestPassage, type Passage } from "./best-passage.ts";
import { citedSentences } from "./cited-sentences.ts";
import { figuresIn } from "./figures.ts";

/** A passage of a cited page, as a run keeps it for checking its report's claims. */
export type EvidencePassage = Passage & { url: string };

/** The most passages a run keeps: enough for any report, small enough for a step result. */
export const MAX_EVIDENCE = 240;
/** Native citations' passages and snippets of one page kept whole, beyond the chosen ones. */
const SHORT_PASSAGES_PER_PAGE = 12;

/**
 * What a run keeps of the pages its report cites, so its claims can be checked when the report
 * is filed (and, in deep mode, the synthesis's claims against its sub-questions' pages): for each
 * citation, the passage it most likely rests on (best-passage.ts), plus the page's short
 * passages (native citations, snippets). A page's full text is never kept: a window of it is.
 */
export function keptEvidence(
  report: string,
  passages: readonly SourcePassage[],
): EvidencePassage[] {
  const byPage = groupByPage(passages);
  const kept = new Map<string, EvidencePassage>();
  const keep = (url: string, passage: Passage) => {
    const entry = { url, kind: passage.kind, text: passage.text };
    const key = `${sourceKey(url)}\u0000${entry.text}`;
    if (kept.size < MAX_EVIDENCE && !kept.has(key)) kept.set(key, entry);
  };
  const cited = citedSentences(report);
  for (const { url, sentence } of cited) {
    const chosen = bestPassage(sentence, figuresIn(sentence), byPage.get(sourceKey(url)) ?? []);
    if (chosen) keep(url, chosen);
  }
  for (const url of new Set(cited.map((c) => c.url))) {
    const short = (byPage.get(sourceKey(url)) ?? []).filter((p) => p.kind !== "page");
    for (const passage of short.slice(0, SHORT_PASSAGES_PER_PAGE)) keep(url, passage);
  }
  return [...kept.values()];
}

export function groupByPage(
  passages: readonly (Passage & { url: string })[],
): Map<string, Passage[]> {
  const byPage = new Map<string, Passage[]>();
  for (const { url, ...passage } of passages) {
    const key = sourceKey(url);
    byPage.set(key, [...(byPage.get(key) ?? []), passage]);
  }
  return byPage;
}
