/**
 * The line under an exploration's title, in the library and above its report: what it is, and
 * how current (its age, its last refresh, and a mark when that refresh changed it).
 */
import type { ExplorationSummary } from "./api-types.ts";
import { type Child, el } from "./dom.ts";
import { money, plural } from "./format.ts";

export function summaryMeta(e: ExplorationSummary): Child[] {
  const latest = e.updates.length ? e.updates[e.updates.length - 1] : "";
  return [
    e.mode && el("span", { class: "badge", text: e.mode }),
    e.date && el("span", { text: e.date }),
    e.verdict
      ? el("span", { text: `verdict: ${e.verdict}` })
      : e.directions != null && el("span", { text: plural(e.directions, "direction") }),
    el("span", { text: plural(e.cited_sources, "cited source") }),
    e.cost_usd != null && el("span", { text: money(e.cost_usd) }),
    latest && el("span", { text: `${plural(e.updates.length, "update")} (latest ${latest})` }),
    e.age_days != null && el("span", { class: "age", text: researchedText(e.age_days) }),
    e.refreshed.length > 0 &&
      el("span", { class: "refreshed", text: `last refreshed ${e.refreshed.at(-1)}` }),
    e.changed &&
      el("span", {
        class: "badge changed",
        title: "Its latest refresh changed the verdict",
        text: "changed",
      }),
  ];
}

function researchedText(days: number): string {
  return days === 0 ? "researched today" : `researched ${plural(days, "day")} ago`;
}
