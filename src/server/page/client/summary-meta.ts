/** The line under an exploration's title, in the library and above its report. */
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
  ];
}
