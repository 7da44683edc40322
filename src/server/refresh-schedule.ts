import type { ScheduleState } from "../jobs/schedule-state.ts";
import { submitRefreshes } from "./refresh-submissions.ts";
import type { FindStale, SubmitExplore } from "./service-types.ts";

/** `serve --refresh-every`'s settings, checked on the command line. */
export interface RefreshScheduleSettings {
  everyMs: number;
  olderThanDays: number;
  /** Explorations refreshed per period, stalest first. */
  limit: number;
  /** Each refresh's cost cap (serve gives a default one where the model has a price). */
  maxCostUsd: number | undefined;
}

export const DEFAULT_SCHEDULE_LIMIT = 5;
export const DEFAULT_SCHEDULE_MAX_COST_USD = 2;

export interface ScheduleTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RefreshScheduleOptions {
  settings: RefreshScheduleSettings;
  state: ScheduleState;
  findStale: FindStale;
  /** The one submission path POST /api/explore and POST /api/refresh use. */
  submit: SubmitExplore;
  now?: () => Date;
  /** The global timers by default; a test drives fake ones. */
  timers?: ScheduleTimers;
  log: (line: string) => void;
}

export interface RefreshSchedule {
  /** Stops the timer; resolves once a period already firing has queued its jobs. */
  stop(): Promise<void>;
}

export const REFRESH_SCHEDULE_NAME = "refresh";
// A timer cannot wait longer than 2^31 - 1 ms (about 24.8 days): a longer wait is taken in steps.
const MAX_WAIT_MS = 86_400_000;
// After a failure to read or write the schedule's row (a full disk), look again in an hour.
const RETRY_MS = 3_600_000;

/**
 * Every period, queues a refresh for each stale exploration (as POST /api/refresh does). The
 * period counts from the time it last fired, kept in the job database: a restart waits for the
 * rest of it, and the first start of a schedule fires one period later, not at once (turning the
 * setting on spends nothing until then). Firing is claimed in the database first, so two
 * processes on one database (which the data directory lock already prevents) cannot both fire.
 */
export function startRefreshSchedule(options: RefreshScheduleOptions): RefreshSchedule {
  const { settings, state } = options;
  const now = options.now ?? (() => new Date());
  const timers: ScheduleTimers = options.timers ?? {
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  let handle: unknown;
  let stopped = false;
  let firing: Promise<void> = Promise.resolve();

  const arm = (waitMs: number) => {
    if (stopped) return;
    handle = timers.setTimeout(
      () => {
        firing = tick();
      },
      Math.min(Math.max(0, waitMs), MAX_WAIT_MS),
    );
  };

  const untilDue = (): number => {
    const last = state.lastAt(REFRESH_SCHEDULE_NAME);
    return last ? last.getTime() + settings.everyMs - now().getTime() : settings.everyMs;
  };

  async function tick(): Promise<void> {
    try {
      const last = state.lastAt(REFRESH_SCHEDULE_NAME);
      const at = now();
      if (last && at.getTime() - last.getTime() < settings.everyMs) return arm(untilDue());
      if (!state.claim(REFRESH_SCHEDULE_NAME, last, at)) return arm(untilDue());
      await fire(at);
      arm(untilDue());
    } catch (error) {
      options.log(`refresh schedule: ${(error as Error).message}; trying again in an hour`);
      arm(RETRY_MS);
    }
  }

  async function fire(at: Date): Promise<void> {
    const stale = await options.findStale({
      olderThanDays: settings.olderThanDays,
      now: at,
      limit: settings.limit,
    });
    const submissions = await submitRefreshes(
      options.submit,
      stale,
      settings.maxCostUsd === undefined ? {} : { max_cost_usd: settings.maxCostUsd },
      { webhook: undefined, tokenId: undefined },
    );
    const folders = submissions.map((s) => s.exploration.folder);
    options.log(
      folders.length
        ? `refresh schedule: queued ${folders.length} refresh${folders.length === 1 ? "" : "es"} (${folders.join(", ")})`
        : `refresh schedule: nothing older than ${settings.olderThanDays} days to refresh`,
    );
  }

  try {
    // A schedule seen for the first time starts its first period now.
    if (!state.lastAt(REFRESH_SCHEDULE_NAME)) state.claim(REFRESH_SCHEDULE_NAME, undefined, now());
    arm(untilDue());
  } catch (error) {
    options.log(`refresh schedule: ${(error as Error).message}; trying again in an hour`);
    arm(RETRY_MS);
  }
  return {
    async stop() {
      stopped = true;
      if (handle !== undefined) timers.clearTimeout(handle);
      await firing;
    },
  };
}
