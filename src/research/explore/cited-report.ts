import { type ClaimCheck, checkClaims, withVerdicts } from "../checks/claim-checks.ts";
import { type CitationStats, citationStats } from "../citations/citation-stats.ts";
import { citeRetrieved } from "../citations/cite-retrieved.ts";
import { publishSources } from "../publish/published-sources.ts";
import type { Removal } from "../publish/removals.ts";
import { stripModelSources } from "../research-document.ts";
import type { Source } from "../source-links.ts";
import type { ResearchOutcome } from "./research-outcome.ts";

/** A run's report as research.md takes it, its citations not numbered yet. */
export type CitedReport = {
  /** The report citing retrieved pages only, as placeholders (numbered when it is filed). */
  report: string;
  /** The retrieved pages as research.md may list them (see publishSources). */
  sources: Source[];
  /** Links to pages no tool returned: reduced to their text in the report. */
  removed: string[];
  /** Everything the sanitizer took out of the report and the pages' list (see Removal). */
  removals: Removal[];
  citations: CitationStats;
  /** Every citation checked against the passage it rests on (claim-checks.ts), in report order. */
  checks: ClaimCheck[];
};

/** Ends a report the output limit cut off, so no reader takes it for complete. */
const TRUNCATED_NOTE =
  "> **Note:** this report is incomplete: the model reached its output limit before it finished, even after being asked once to continue.";

/** Ends a report cut short to fit the store's file limit (see fitToStore). */
const CUT_FOR_SIZE_NOTE =
  "> **Note:** this report is incomplete: it was longer than the ideas repository can store in one file, so only its beginning was kept.";

/**
 * Derived from the persisted research step alone, so the commit (research.md and the log) and
 * the run's result (its stats) agree, on a replay too.
 */
export function citedReport(outcome: ResearchOutcome): CitedReport {
  const pages = publishSources(outcome.sources);
  const { text, removed, removals } = citeRetrieved(
    stripModelSources(outcome.report),
    pages.sources,
  );
  return {
    report: outcome.truncated
      ? `${text}\n\n${outcome.cutForSize ? CUT_FOR_SIZE_NOTE : TRUNCATED_NOTE}`
      : text,
    sources: pages.sources,
    removed,
    removals: [...pages.removed, ...removals],
    citations: citationStats(text, pages.sources),
    checks: withVerdicts(checkClaims(text, outcome.evidence ?? []), outcome.modelCheck),
  };
}
