import type { RefreshRecord } from "../exploration-log.ts";
import { verdictOf } from "../library/exploration-summary.ts";
import { parseResearch, type ResearchDocument } from "../research-document.ts";
import { sourceKey } from "../source-links.ts";
import { lastResearched } from "./last-researched.ts";

/**
 * Compares the document before the refresh with the one committed. The verdict is read as the
 * library reads it (verdictOf: the last Verdict heading), so a refresh that writes none keeps
 * the earlier one, unchanged.
 */
export function refreshRecord(previousText: string, after: ResearchDocument): RefreshRecord {
  const before = parseResearch(previousText);
  const business = after.frontmatter.mode === "business";
  const verdictBefore = business && before ? verdictOf(before.body) : null;
  const verdictAfter = business ? verdictOf(after.body) : null;
  const known = new Set(
    [...(before?.cited ?? []), ...(before?.consulted ?? [])].map((s) => sourceKey(s.url)),
  );
  const newSources = [...after.cited, ...after.consulted]
    .map((s) => s.url)
    .filter((url) => !known.has(sourceKey(url)));
  return {
    previousDate: before ? (lastResearched(before.frontmatter) ?? null) : null,
    verdictBefore,
    verdictAfter,
    verdictChanged: verdictBefore !== verdictAfter,
    newSources: [...new Set(newSources)],
  };
}
