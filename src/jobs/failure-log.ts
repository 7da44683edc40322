import { type Backoff, backoffDelay } from "./backoff.ts";

export interface FailureLogger {
  error(message: string): void;
}

/** Reports one failure line; the log decides whether it is written now. */
export type ReportFailure = (line: string) => void;

/**
 * A log for failures that repeat while their cause lasts (a full disk fails every write): each
 * distinct line is written at most once per period, and the period grows like a backoff while the
 * line keeps coming, so a failure lasting hours costs a few lines, not thousands a second. Lines
 * carry no stack: the cause is the machine's, and the line says what SQLite said.
 */
export function createFailureLog(
  logger: FailureLogger,
  backoff: Backoff,
  now: () => number = () => performance.now(),
): ReportFailure {
  const seen = new Map<string, { at: number; times: number }>();
  return (line) => {
    const at = now();
    const last = seen.get(line);
    if (last && at - last.at < backoffDelay(last.times, backoff)) return;
    // A line quiet for two full periods starts over (and the map stays small).
    const times = last && at - last.at < 2 * backoff.maxMs ? last.times + 1 : 1;
    if (seen.size >= 256) forgetQuiet(seen, at, 2 * backoff.maxMs);
    seen.set(line, { at, times });
    logger.error(line);
  };
}

function forgetQuiet(seen: Map<string, { at: number }>, at: number, quietMs: number): void {
  for (const [line, entry] of seen) if (at - entry.at >= quietMs) seen.delete(line);
}
