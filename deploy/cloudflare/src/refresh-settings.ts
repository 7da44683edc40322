import { DEFAULT_REFRESH_AGE_DAYS } from "../../../src/research/refresh/stale-explorations.ts";

/** At most this many explorations are refreshed by one firing of the Cron Trigger, unless set. */
export const DEFAULT_REFRESH_LIMIT = 5;
/** Each scheduled refresh's cost cap when IDEA_EXPLORER_REFRESH_MAX_COST says nothing. */
export const DEFAULT_REFRESH_MAX_COST_USD = 2;

/** What one firing of the Cron Trigger refreshes, and what each refresh may spend. */
export interface RefreshSettings {
  olderThanDays: number;
  limit: number;
  maxCostUsd: number;
}

export interface RefreshVariables {
  IDEA_EXPLORER_REFRESH_OLDER_THAN?: string;
  IDEA_EXPLORER_REFRESH_LIMIT?: string;
  IDEA_EXPLORER_REFRESH_MAX_COST?: string;
}

/**
 * The schedule's variables (the names `init github`'s refresh workflow reads as repository
 * variables): IDEA_EXPLORER_REFRESH_OLDER_THAN ("90d" or "90", days), IDEA_EXPLORER_REFRESH_LIMIT
 * and IDEA_EXPLORER_REFRESH_MAX_COST (US dollars per refresh). A scheduled run is never uncapped:
 * a variable that is not set takes its default, and one that does not parse is a one-line
 * problem, so a typo never runs the schedule with a cap the operator did not choose.
 */
export function readRefreshSettings(text: RefreshVariables): RefreshSettings | { problem: string } {
  const age = setting(text, "IDEA_EXPLORER_REFRESH_OLDER_THAN", /^(\d+)\s*d?$/i, {
    fallback: DEFAULT_REFRESH_AGE_DAYS,
    min: 1,
    max: 3_650,
    says: "a number of days from 1 to 3650, such as 90d",
  });
  const limit = setting(text, "IDEA_EXPLORER_REFRESH_LIMIT", /^(\d+)$/, {
    fallback: DEFAULT_REFRESH_LIMIT,
    min: 1,
    max: 50,
    says: "a whole number from 1 to 50",
  });
  const cost = setting(text, "IDEA_EXPLORER_REFRESH_MAX_COST", /^(\d+(?:\.\d+)?)$/, {
    fallback: DEFAULT_REFRESH_MAX_COST_USD,
    min: 0.01,
    max: 1_000,
    says: "a number of US dollars from 0.01 to 1000, such as 2",
  });
  for (const value of [age, limit, cost]) if (typeof value === "string") return { problem: value };
  return { olderThanDays: age as number, limit: limit as number, maxCostUsd: cost as number };
}

/** The variable's number, its default when unset, or the line that says what it must be. */
function setting(
  text: RefreshVariables,
  name: keyof RefreshVariables,
  shape: RegExp,
  rule: { fallback: number; min: number; max: number; says: string },
): number | string {
  const raw = text[name]?.trim();
  if (!raw) return rule.fallback;
  const match = shape.exec(raw);
  const value = match ? Number(match[1]) : Number.NaN;
  if (value >= rule.min && value <= rule.max) return value;
  return `${name} must be ${rule.says}; got ${JSON.stringify(raw)}`;
}
