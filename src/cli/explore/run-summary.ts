import { formatCost } from "../../models/pricing.ts";
import type { ExploreResult } from "../../research/explore/explore-workflow.ts";

/**
 * What the final "Wrote …" line adds about the run, in parentheses: how many sources the report
 * cites and what the run cost ("cited 3 of 5 sources, $0.42"); "" without stats (a duplicate).
 */
export function runSummary(result: ExploreResult): string {
  const { stats } = result;
  if (!stats) return "";
  const cited = `cited ${stats.citedSources} of ${stats.sources} sources`;
  return ` (${[cited, ...(stats.cost ? [formatCost(stats.cost)] : [])].join(", ")})`;
}
