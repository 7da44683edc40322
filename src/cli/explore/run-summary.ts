import { formatCost } from "../../models/pricing.ts";
import { describeChecks } from "../../research/checks/claim-checks.ts";
import type { ExploreResult } from "../../research/explore/explore-workflow.ts";

/**
 * What the final "Wrote …" line adds about the run, in parentheses: how many sources the report
 * cites, what the figure check found, and what the run cost ("cited 3 of 5 sources; figures: 2
 * supported, 1 not found in the source, 0 with nothing to check; $0.42"); "" without stats (a duplicate).
 */
export function runSummary(result: ExploreResult): string {
  const { stats } = result;
  if (!stats) return "";
  const cited = `cited ${stats.citedSources} of ${stats.sources} sources`;
  const checks = stats.checks ? [describeChecks(stats.checks)] : [];
  return ` (${[cited, ...checks, ...(stats.cost ? [formatCost(stats.cost)] : [])].join("; ")})`;
}
