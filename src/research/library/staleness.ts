/**
 * How long ago an exploration was last researched, and which are older than a given age. One
 * definition for the library's listing and its filter, so what the page shows is what it sorts by.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real day as YYYY-MM-DD, from a string (or a YAML timestamp) that starts with one. */
export function dayOf(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    return value.toISOString().slice(0, 10);
  }
  if (typeof value !== "string") return undefined;
  const day = value.trim().slice(0, 10);
  return ISO_DATE.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : undefined;
}

/** The latest real day among `values` (the folder's, the frontmatter's dates...), or null. */
export function latestDay(values: readonly unknown[]): string | null {
  const days = values.map(dayOf).filter((d) => d !== undefined);
  return days.sort().at(-1) ?? null;
}

/** Whole days from the start of `day` (UTC) to `now`; 0 for today or a day in the future. */
export function ageInDays(day: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(`${day}T00:00:00Z`)) / DAY_MS));
}

/**
 * The latest day an exploration researched on `day` or before is at least `days` old: age >= days
 * exactly when day <= this one (the same rule as `refresh --older-than`).
 */
export function staleOnOrBefore(days: number, now: number): string {
  return new Date(now - days * DAY_MS).toISOString().slice(0, 10);
}

/** The day a folder's name starts with: research began then, so it is never researched before. */
export function folderDay(folder: string): string | undefined {
  return dayOf(/^\d{4}-\d{2}-\d{2}/.exec(folder)?.[0]);
}
