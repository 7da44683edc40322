import { ConfigError } from "../../config/config-error.ts";
import type { TrackedComment } from "../../store/issue-tracker.ts";
import { parseMarker } from "./issue-markers.ts";

/**
 * How old a claim must be before another run takes it over: the workflow's job times out after
 * 60 minutes, so an Actions claim older than that has no runner left. It must exceed the
 * longest run a runner may make (its --timeout), or a slow run would be explored twice.
 */
export const DEFAULT_STALE_AFTER_MS = 60 * 60_000;

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** "90s", "15m", "2h" (or plain seconds) as milliseconds, from 1 s to 7 days. */
export function staleAfterMs(value: string | undefined, name = "--stale-after"): number {
  if (value === undefined) return DEFAULT_STALE_AFTER_MS;
  const match = /^(\d{1,9})\s*([smh]?)$/i.exec(value.trim());
  const unit = (match?.[2]?.toLowerCase() || "s") as keyof typeof UNIT_MS;
  const ms = match ? Number(match[1]) * UNIT_MS[unit] : Number.NaN;
  if (!(ms >= 1_000 && ms <= 7 * 24 * 3_600_000)) {
    throw new ConfigError(
      `${name} must be a duration from 1s to 168h, such as 90s, 60m or 2h; got "${value}"`,
    );
  }
  return ms;
}

/**
 * The claim an issue carrying the processing label is held by, when it is stale: the newest
 * trusted claim comment, older than `staleAfterMs`, whose run never answered (a run stopped
 * between its answer and its labels is not taken over: that would answer twice). An issue with
 * the label but no claim comment is left alone too: nothing says how old it is.
 */
export function staleClaim(
  comments: readonly TrackedComment[],
  now: Date,
  staleAfterMs: number,
): { run: string; ageMs: number } | undefined {
  const markers = comments.flatMap((comment) => {
    const marker = comment.trusted ? parseMarker(comment.body) : undefined;
    return marker ? [{ comment, marker }] : [];
  });
  const claim = markers.findLast((m) => m.marker.type === "claim");
  if (!claim) return undefined;
  const run = claim.marker.run;
  if (markers.some((m) => m.marker.type === "outcome" && m.marker.run === run)) return undefined;
  const ageMs = now.getTime() - Date.parse(claim.comment.createdAt);
  return ageMs > staleAfterMs ? { run, ageMs } : undefined;
}
