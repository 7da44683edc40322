import { DEFAULT_REFRESH_AGE_DAYS } from "../../research/refresh/stale-explorations.ts";
import {
  DEFAULT_SCHEDULE_LIMIT,
  DEFAULT_SCHEDULE_MAX_COST_USD,
} from "../../server/refresh-schedule.ts";
import { integerOption } from "../parse-command-line.ts";
import { dollarOption } from "../price-options.ts";
import { UsageError } from "../usage-error.ts";

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const MIN_EVERY_MS = UNIT_MS.h;
const MAX_EVERY_MS = 365 * UNIT_MS.d;

export interface RefreshScheduleValues {
  "refresh-every"?: string | undefined;
  "refresh-older-than"?: string | undefined;
  "refresh-limit"?: string | undefined;
  "refresh-max-cost"?: string | undefined;
}

/** What the command line and the environment ask of the schedule, before the model is known. */
export interface RefreshScheduleChoice {
  everyMs: number;
  olderThanDays: number;
  limit: number;
  /** Undefined: the default cap, where the model has a price to count it against. */
  maxCostUsd: number | undefined;
}

/**
 * serve's schedule: --refresh-every (or IDEA_EXPLORER_REFRESH_EVERY) turns it on; the other
 * --refresh-* flags only shape it, so one given without it is a mistake, said at once.
 */
export function refreshScheduleChoice(
  values: RefreshScheduleValues,
  envEvery: string | undefined,
): RefreshScheduleChoice | undefined {
  const every = values["refresh-every"] ?? envEvery;
  const name =
    values["refresh-every"] !== undefined ? "--refresh-every" : "IDEA_EXPLORER_REFRESH_EVERY";
  if (every === undefined) {
    const shaping = (["refresh-older-than", "refresh-limit", "refresh-max-cost"] as const).find(
      (flag) => values[flag] !== undefined,
    );
    if (shaping) {
      throw new UsageError(
        `--${shaping} shapes the refresh schedule: turn it on with --refresh-every (e.g. 7d) or IDEA_EXPLORER_REFRESH_EVERY`,
      );
    }
    return undefined;
  }
  const limit = integerOption("refresh-limit", values["refresh-limit"]);
  if (limit !== undefined && (limit < 1 || limit > 50)) {
    throw new UsageError(`--refresh-limit must be from 1 to 50, got ${limit}`);
  }
  const maxCost = dollarOption("refresh-max-cost", values["refresh-max-cost"]);
  if (maxCost !== undefined && (maxCost < 0.01 || maxCost > 1_000)) {
    throw new UsageError(`--refresh-max-cost must be from 0.01 to 1000 US dollars, got ${maxCost}`);
  }
  return {
    everyMs: period(name, every),
    olderThanDays:
      days("--refresh-older-than", values["refresh-older-than"]) ?? DEFAULT_REFRESH_AGE_DAYS,
    limit: limit ?? DEFAULT_SCHEDULE_LIMIT,
    maxCostUsd: maxCost,
  };
}

/** The cap each scheduled refresh runs under: the flag, else the default where it can count. */
export function scheduledCostCap(choice: RefreshScheduleChoice, modelHasPrice: boolean) {
  return choice.maxCostUsd ?? (modelHasPrice ? DEFAULT_SCHEDULE_MAX_COST_USD : undefined);
}

/** "7d", "12h", "2w", "90m": a period from an hour to a year. */
function period(name: string, value: string): number {
  const match = /^(\d+)\s*([mhdw])$/i.exec(value.trim());
  const ms = match
    ? Number(match[1]) * UNIT_MS[match[2]!.toLowerCase() as keyof typeof UNIT_MS]
    : Number.NaN;
  if (!(ms >= MIN_EVERY_MS && ms <= MAX_EVERY_MS)) {
    throw new UsageError(
      `${name} must be a period from 1h to 365d, such as 7d, 12h or 2w; got "${value}"`,
    );
  }
  return ms;
}

/** "90d" or "90": whole days from 1 to 3650. */
function days(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)\s*d?$/i.exec(value.trim());
  const count = match ? Number(match[1]) : Number.NaN;
  if (!(count >= 1 && count <= 3_650)) {
    throw new UsageError(
      `${name} must be a number of days from 1 to 3650, such as 90d; got "${value}"`,
    );
  }
  return count;
}
