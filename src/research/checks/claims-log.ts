import { type Source, sourceKey } from "../source-links.ts";
import { type ClaimCheck, type ClaimCheckCounts, countChecks } from "./claim-checks.ts";
import type { ModelCheckRecord } from "./model-check-record.ts";

/** The model check's run as the log records it: the verdicts are in each claim. */
export type ModelCheckSummary = Omit<ModelCheckRecord, "verdicts">;

function modelCheckSummary({ verdicts: _, ...summary }: ModelCheckRecord): ModelCheckSummary {
  return summary;
}

/** One citation as exploration-log.json records it: its page's number, the sentence, the passage. */
export type LoggedClaim = ClaimCheck & { source: number };

/**
 * The log's account of a run's checks: the counts, and every citation with the number its page
 * has in research.md (`source`), the sentence, the passage it rests on and what was found. Absent
 * when the report cites nothing.
 */
export function claimsLog(
  checks: readonly ClaimCheck[],
  cited: readonly Source[],
  modelCheck?: ModelCheckRecord,
): { checks?: ClaimCheckCounts; claims?: LoggedClaim[]; modelCheck?: ModelCheckSummary } {
  if (checks.length === 0) return {};
  const numbers = new Map(cited.map((s, i) => [sourceKey(s.url), i + 1]));
  return {
    checks: countChecks(checks, modelCheck),
    ...(modelCheck ? { modelCheck: modelCheckSummary(modelCheck) } : {}),
    claims: checks.map((check) => ({ source: numbers.get(sourceKey(check.url)) ?? 0, ...check })),
  };
}
