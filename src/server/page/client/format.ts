/** Numbers, money, durations, dates and library folders as the page writes them. */
import type { CostEstimate, JobResult } from "./api-types.ts";

const numbers = new Intl.NumberFormat("en");
export const count = (n: number): string => numbers.format(n);
export const plural = (n: number, word: string): string =>
  `${count(n)} ${word}${n === 1 ? "" : "s"}`;

/** As the CLI prints it (models/pricing.ts formatCost): never a guess for an unpriced model. */
export function money(usd: number): string {
  return `$${usd >= 0.01 || usd === 0 ? usd.toFixed(2) : usd.toPrecision(2)}`;
}

type Cost = NonNullable<NonNullable<JobResult["stats"]>["cost"]>;

export function costText(cost: Cost | undefined): string {
  if (!cost) return "";
  return cost.priced ? money(cost.usd) : `cost unknown (${cost.reason})`;
}

/** "At most $1.20 under these limits; typically $0.15–$0.45", or why the cost is unknown. */
export function estimateText(estimate: CostEstimate): string {
  if (!estimate.priced) return `Cost unknown: ${estimate.reason}`;
  const { low, high } = estimate.typicalUsd;
  // As explore --dry-run says it: the cost limit, when it is what bounds the run.
  const limit = estimate.capUsd === estimate.maxUsd ? "your cost limit" : "these limits";
  return `At most ${money(estimate.maxUsd)} under ${limit}; typically ${money(low)}–${money(high)}`;
}

export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(s / 60);
  return m ? `${m} min ${String(s % 60).padStart(2, "0")} s` : `${s} s`;
}

/** An ISO 8601 time as "YYYY-MM-DD HH:MM UTC". */
export const when = (iso: string | null | undefined): string =>
  iso ? `${iso.replace("T", " ").slice(0, 16)} UTC` : "";

/** "ideas/<folder>/research.md" → "<folder>". */
export function folderOf(path: string | null | undefined): string | null {
  const m = /^ideas\/([^/]+)\/research\.md$/.exec(path || "");
  return m?.[1] ?? null;
}

/** The library folder a finished job's result names (its folder is "ideas/<folder>"). */
export function resultFolder(result: JobResult | null | undefined): string | null {
  if (!result) return null;
  return folderOf(result.path) || String(result.folder || "").replace(/^ideas\//, "") || null;
}
