import type { ResearchFrontmatter } from "../research-document.ts";

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The last day the exploration was researched: the latest of its date, its last update and its
 * refreshes (YYYY-MM-DD), or undefined when the frontmatter holds none of them.
 */
export function lastResearched(frontmatter: Partial<ResearchFrontmatter>): string | undefined {
  const refreshed: unknown = frontmatter.refreshed;
  const dates = [
    frontmatter.date,
    frontmatter.updated,
    ...(Array.isArray(refreshed) ? refreshed : []),
  ]
    .map(dateText)
    .filter((d) => d !== undefined)
    .sort();
  return dates.at(-1);
}

/** Whole days from the start of `day` (UTC) to `now`; 0 for today or a day in the future. */
export function ageInDays(day: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(`${day}T00:00:00Z`)) / DAY_MS));
}

// A hand-edited frontmatter may hold a YAML timestamp or anything else: only real days count.
function dateText(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    return value.toISOString().slice(0, 10);
  }
  if (typeof value !== "string") return undefined;
  const day = value.trim().slice(0, 10);
  return ISO_DATE.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : undefined;
}
