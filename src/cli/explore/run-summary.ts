import { formatCost } from "../../models/pricing.ts";
import type { ExploreResult } from "../../research/explore/explore-workflow.ts";

/**
 * What the final "Wrote …" line adds about the run, in parentheses: how many sources the report
 * cites and what the run cost ("cited 3 of 5 sources, $0.42"); "" when there is nothing to add.
 */
export function runSummary(result: ExploreResult): string {
  const { stats } = result;
  if (!stats) return "";
  const parts = [
    ...(stats.citedSources === undefined
      ? []
      : [`cited ${stats.citedSources} of ${stats.sources} sources`]),
    ...(stats.cost ? [formatCost(stats.cost)] : []),
  ];
  return parts.length ? ` (${parts.join(", ")})` : "";
}
