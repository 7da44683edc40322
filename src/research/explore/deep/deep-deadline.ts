import { DEFAULT_LIMITS } from "../../../agent/agent-limits.ts";
import type { ExploreRequest } from "../../../config/explore-request.ts";

/** The share of the run's time limit the sub-questions may use; the rest is the synthesis's. */
const RESEARCH_SHARE = 0.8;

/**
 * The whole deep run's time limit (--timeout, or the agent's default) as deadlines counted from
 * the run's start, which the plan step persists: a resumed run keeps its original clock. The
 * sub-questions end early enough that the synthesis still has its share to write the report.
 */
export function deepDeadline(request: ExploreRequest, startedAt: string, now: () => Date) {
  const limitMs = (request.timeoutSeconds ?? DEFAULT_LIMITS.timeoutMs / 1000) * 1000;
  const start = Date.parse(startedAt);
  const left = (until: number) => until - now().getTime();
  const researchUntil = start + limitMs * RESEARCH_SHARE;
  return {
    /** When the sub-questions must have ended (epoch ms). */
    researchUntil,
    /** Time a sub-question may still take; 0 or less: none left, do not start it. */
    research: () => left(researchUntil),
    /** Time the synthesis may take: what is left of the run, never below its own share. */
    synthesis: () => Math.max(left(start + limitMs), limitMs * (1 - RESEARCH_SHARE)),
  };
}
