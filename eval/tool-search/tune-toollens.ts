/**
 * How the `request` profile of DEFAULT_RANKER_SETTINGS (src/tools/catalog/bm25-index.ts) was
 * chosen: coordinate ascent over its field weights, length normalisation, k1, synonym and prefix
 * weights and the query length from which it applies, scored on the TUNING part of ToolLens only
 * (NDCG@10 + 0.5 × R@1), and kept only where this project's labelled sets still hold (Recall@5
 * >= 0.95 on queries.json and holdout.json, their Recall@1 within a point of before). The
 * held-out part is not read here: `npm run eval:tools` reports it.
 *
 * Run: node eval/tool-search/tune-toollens.ts   (about ten minutes on one core)
 * Prints each accepted step and the settings it ends on, to paste into bm25-index.ts.
 */
import {
  buildIndex,
  DEFAULT_RANKER_SETTINGS,
  type RankerSettings,
  rank,
} from "../../src/tools/catalog/bm25-index.ts";
import { evaluate, loadCatalog, loadQueries } from "./evaluate.ts";
import { loadToolLens, retrievalScores, toCatalogEntry } from "./toollens.ts";

const loaded = loadToolLens();
if (!loaded.ok) {
  console.error(loaded.note);
  process.exit(1);
}
const { tools, tuning } = loaded.data;
const entries = tools.map(toCatalogEntry);
const idByName = new Map(entries.map((e, i) => [e.name, tools[i]?.id ?? ""]));
const labelledCatalog = loadCatalog();
const labelledSets = ["queries.json", "holdout.json", "fresh.json", "fresh-after.json"].map(
  (file) => loadQueries(file),
);
const labelledCount = labelledSets.reduce((n, set) => n + set.length, 0);

function labelled(settings: RankerSettings) {
  const index = buildIndex(labelledCatalog, settings);
  const reports = labelledSets.map((set) =>
    evaluate(set, (query) => {
      const hits = rank(index, query, 10);
      return { names: hits.map((h) => h.entry.name) };
    }),
  );
  const r1 =
    reports.reduce((sum, r, i) => sum + r.overall.recallAt1 * (labelledSets[i]?.length ?? 0), 0) /
    labelledCount;
  return { r5: reports.map((r) => r.overall.recallAt5), r1 };
}

const start = labelled(DEFAULT_RANKER_SETTINGS);
function score(settings: RankerSettings): number | undefined {
  const l = labelled(settings);
  if ((l.r5[0] ?? 0) < 0.95 || (l.r5[1] ?? 0) < 0.95 || l.r1 < start.r1 - 0.01) return undefined;
  const index = buildIndex(entries, settings);
  const t = retrievalScores(tuning, (text) =>
    rank(index, text, 10).map((hit) => idByName.get(hit.entry.name) ?? ""),
  );
  return t.ndcgAt10 + 0.5 * t.recallAt1;
}

type Settings = RankerSettings;
interface Knob {
  name: string;
  values: number[];
  get: (s: Settings) => number;
  set: (s: Settings, v: number) => Settings;
}
type Field = keyof Settings["request"]["fields"];
const field = (key: Field, part: "weight" | "b", values: number[]): Knob => ({
  name: `request.${key}.${part}`,
  values,
  get: (s) => s.request.fields[key][part],
  set: (s, v) => ({
    ...s,
    request: {
      ...s.request,
      fields: { ...s.request.fields, [key]: { ...s.request.fields[key], [part]: v } },
    },
  }),
});
const knob = (
  key: "k1" | "synonymWeight" | "prefixWeight" | "minPrefixLength",
  values: number[],
): Knob => ({
  name: `request.${key}`,
  values,
  get: (s) => s.request[key],
  set: (s, v) => ({ ...s, request: { ...s.request, [key]: v } }),
});
const FIELDS: Field[] = ["name", "category", "description", "parameters", "usage"];
const knobs: Knob[] = [
  {
    name: "requestTerms",
    values: [3, 4, 5, 6, 7, 8],
    get: (s) => s.requestTerms,
    set: (s, v) => ({ ...s, requestTerms: v }),
  },
  ...FIELDS.map((k) => field(k, "weight", [0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5])),
  ...FIELDS.map((k) => field(k, "b", [0, 0.15, 0.3, 0.5, 0.75, 1])),
  knob("k1", [0.4, 0.6, 0.8, 1, 1.2, 1.6, 2, 3]),
  knob("synonymWeight", [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]),
  knob("prefixWeight", [0, 0.2, 0.4, 0.6, 0.8]),
  knob("minPrefixLength", [3, 4, 5, 6]),
];

let current: Settings = DEFAULT_RANKER_SETTINGS;
let best = score(current) ?? -1;
console.log(`start: ${best.toFixed(4)} (tuning NDCG@10 + 0.5 x R@1)`);
for (let pass = 0; pass < 3; pass++) {
  let improved = false;
  for (const k of knobs) {
    for (const v of k.values) {
      if (v === k.get(current)) continue;
      const candidate = k.set(current, v);
      const s = score(candidate);
      if (s !== undefined && s > best + 2e-4) {
        best = s;
        current = candidate;
        improved = true;
        console.log(`pass ${pass}: ${k.name} = ${v} → ${s.toFixed(4)}`);
      }
    }
  }
  if (!improved) break;
}
console.log(JSON.stringify({ request: current.request, requestTerms: current.requestTerms }));
