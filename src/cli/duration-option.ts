import { UsageError } from "./usage-error.ts";

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;

/**
 * A duration flag in seconds: "90", "90s", "15m" or "1h". Returns whole seconds, or undefined
 * when the flag was not given; anything else is one line naming the flag and the accepted forms.
 */
export function durationOption(
  name: string,
  value: string | undefined,
  bounds: { minSeconds: number; maxSeconds: number },
): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)\s*([smh]?)$/i.exec(value.trim());
  const unit = (match?.[2]?.toLowerCase() || "s") as keyof typeof UNIT_MS;
  const seconds = match ? (Number(match[1]) * UNIT_MS[unit]) / 1000 : Number.NaN;
  if (!(seconds >= bounds.minSeconds && seconds <= bounds.maxSeconds)) {
    throw new UsageError(
      `--${name} must be a duration from ${bounds.minSeconds} s to ${bounds.maxSeconds / 3600} h, such as 90s, 15m or 1h; got "${value}"`,
    );
  }
  return seconds;
}
