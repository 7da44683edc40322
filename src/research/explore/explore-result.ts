import type { RunCost } from "../../models/pricing.ts";
import type { ClaimCheckCounts } from "../checks/claim-checks.ts";

/** What an exploration ends with, as the CLI prints it and the service stores it. */
export type ExploreResult = {
  status: "created" | "updated" | "duplicate";
  /** research.md's repository path, e.g. "ideas/2026-11-22-solar-kiosks/research.md". */
  path: string;
  folder: string;
  /** Where to see the files: GitHub URLs, or repository-relative paths for a folder. */
  locations: string[];
  url?: string;
  commitSha?: string;
  /** One line each about what was found and fixed on the way (a crashed run's leftovers). */
  notes?: string[];
  /** One line each about a weaker result: a cut-off report, failed web searches. */
  warnings?: string[];
  stats?: {
    steps: number;
    stoppedBy: string;
    /** What the run cost, or why it is unknown. */
    cost?: RunCost;
    inputTokens: number;
    outputTokens: number;
    cacheReadTokens: number;
    cacheWriteTokens: number;
    toolCalls: number;
    sources: number;
    /** Of this run's sources: the pages its report cites, and the ones it only consulted. */
    citedSources: number;
    consultedSources: number;
    /** The figure check of this run's citations (see claim-checks.ts); absent without citations. */
    checks?: ClaimCheckCounts;
    durationMs: number;
  };
};
