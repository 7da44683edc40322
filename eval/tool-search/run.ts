import { type EvalReport, evaluate, loadCatalog, loadQueries, TAGS } from "./evaluate.ts";
import { bm25Ranker, substringRanker } from "./rankers.ts";
import { loadToolLens, toolLensRows } from "./toollens.ts";

/** `npm run eval:tools`: the ranker and seed 003's substring match, side by side. */
const catalog = loadCatalog();
const sets = [
  { title: "labelled set (written before tuning)", file: "queries.json", target: 0.95 },
  {
    title: "held-out set (written after the ranker was frozen)",
    file: "holdout.json",
    target: 0.95,
  },
  {
    title: "fresh blind set (written before the stemmer/synonym rework)",
    file: "fresh.json",
    target: 0.9,
  },
  {
    title: "fresh set written after the rework (first run R@5 0.857; 3 bug fixes since)",
    file: "fresh-after.json",
    target: 0.9,
  },
];

const fmt = (x: number) => x.toFixed(3);

for (const { title, file, target } of sets) {
  const queries = loadQueries(file);
  const ours = evaluate(queries, bm25Ranker(catalog));
  const seed = evaluate(queries, substringRanker(catalog));
  console.log(`\n${title}: ${queries.length} queries over ${catalog.length} tools (${file})`);
  console.log(
    [
      "slice".padEnd(12),
      "n".padStart(4),
      "R@1 bm25".padStart(10),
      "R@1 seed".padStart(10),
      "R@5 bm25".padStart(10),
      "R@5 seed".padStart(10),
      "MRR bm25".padStart(10),
      "MRR seed".padStart(10),
    ].join(" "),
  );
  const line = (name: string, a: EvalReport["overall"], b: EvalReport["overall"]) =>
    console.log(
      [
        name.padEnd(12),
        String(a.queries).padStart(4),
        ...[a.recallAt1, b.recallAt1, a.recallAt5, b.recallAt5, a.mrr, b.mrr].map((v) =>
          fmt(v).padStart(10),
        ),
      ].join(" "),
    );
  line("overall", ours.overall, seed.overall);
  for (const tag of TAGS) {
    const a = ours.byTag[tag];
    const b = seed.byTag[tag];
    if (a && b) line(tag, a, b);
  }
  const met = ours.overall.recallAt5 >= target ? "met" : "MISSED";
  console.log(
    `target Recall@5 >= ${target.toFixed(2)} (${file}): ${fmt(ours.overall.recallAt5)}, ${met}`,
  );
  console.log(
    `no-tool (${ours.noTool.queries}): any result returned bm25 ${fmt(ours.noTool.anyResult)} / seed ${fmt(seed.noTool.anyResult)}; ` +
      `confident first result (coverage >= 0.5) bm25 ${fmt(ours.noTool.confident)} / seed ${fmt(seed.noTool.confident)}`,
  );
}

// ToolLens (public, CC BY-SA 4.0): the held-out part of its train split, ranker vs plain BM25.
const toolLens = loadToolLens();
console.log("");
if (toolLens.ok) for (const line of toolLensRows(toolLens.data)) console.log(line);
else console.log(toolLens.note);

// `node eval/tool-search/run.ts --misses`: the queries whose right answer is not in the top 5.
if (process.argv.includes("--misses")) {
  const rank = bm25Ranker(catalog);
  for (const { file } of sets) {
    for (const q of loadQueries(file)) {
      if (q.tag === "no-tool") continue;
      const top = rank(q.query).names.slice(0, 5);
      const missing = q.expected.filter((n) => !top.includes(n));
      const missed =
        q.tag === "multi-tool" ? missing.length > 0 : missing.length === q.expected.length;
      if (missed) console.log(`${file} [${q.tag}] "${q.query}" → ${top.join(", ") || "(none)"}`);
    }
  }
}
