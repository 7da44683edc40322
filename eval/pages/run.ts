import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { htmlToText } from "../../src/tools/web-fetch/html-to-text.ts";
import { pageText } from "../../src/tools/web-fetch/page-content.ts";
import { hostilePages } from "./hostile-pages.ts";
import { type Score, tokenScore } from "./score.ts";

/**
 * `npm run eval:pages`: main-content extraction (Readability behind the gate, then the formatter)
 * against the previous full-page text, on the hand-labelled pages in set/, plus per-page time and
 * the hostile pages. Exits non-zero only when something throws.
 */
const SET = path.join(path.dirname(new URL(import.meta.url).pathname), "set");
const url = new URL("https://pages.example/article");
const names = readdirSync(SET)
  .filter((name) => name.endsWith(".html"))
  .sort();
const pages = names.map((name) => ({
  name: name.replace(/\.html$/, ""),
  html: readFileSync(path.join(SET, name), "utf8"),
  label: readFileSync(path.join(SET, name.replace(/\.html$/, ".txt")), "utf8"),
}));

const fmt = (x: number) => x.toFixed(3);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
/**
 * Wall-clock time, and this process's CPU time (user + system): on a shared machine the wall
 * clock also counts time the process waited for a core, which the CPU time does not.
 */
const timed = async <T>(run: () => Promise<T>): Promise<[T, number, number]> => {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  return [result, performance.now() - started, (used.user + used.system) / 1000];
};

// One untimed pass first: the first call pays for compiling the parser and Readability.
for (const page of pages) await pageText(page.html, "html", url);

const rows: {
  name: string;
  extraction: string;
  ms: number;
  cpuMs: number;
  next: Score;
  prev: Score;
}[] = [];
for (const page of pages) {
  const [next, ms, cpuMs] = await timed(() => pageText(page.html, "html", url));
  const prev = htmlToText(page.html, url);
  rows.push({
    name: page.name,
    extraction: next.extraction ?? "page",
    ms,
    cpuMs,
    next: tokenScore(next.text, page.label),
    prev: tokenScore(prev.text, page.label),
  });
}

console.log(
  `\n${pages.length} labelled pages (eval/pages/set): token P/R/F1, new extractor vs previous`,
);
console.log(
  [
    "page".padEnd(34),
    "used".padEnd(8),
    "ms".padStart(6),
    "F1 new".padStart(7),
    "F1 old".padStart(7),
    "P new".padStart(7),
    "P old".padStart(7),
    "R new".padStart(7),
    "R old".padStart(7),
  ].join(" "),
);
for (const row of rows) {
  console.log(
    [
      row.name.slice(0, 34).padEnd(34),
      row.extraction.padEnd(8),
      row.ms.toFixed(1).padStart(6),
      ...[
        row.next.f1,
        row.prev.f1,
        row.next.precision,
        row.prev.precision,
        row.next.recall,
        row.prev.recall,
      ].map((v) => fmt(v).padStart(7)),
    ].join(" "),
  );
}
const avg = (pick: (row: (typeof rows)[number]) => number) => fmt(mean(rows.map(pick)));
console.log(
  `\nmean over pages   new: F1 ${avg((r) => r.next.f1)}  P ${avg((r) => r.next.precision)}  R ${avg((r) => r.next.recall)}` +
    `\n                  old: F1 ${avg((r) => r.prev.f1)}  P ${avg((r) => r.prev.precision)}  R ${avg((r) => r.prev.recall)}`,
);
const articles = rows.filter((r) => r.extraction === "article").length;
console.log(
  `extraction used: article on ${articles} pages, full page on ${rows.length - articles}`,
);
for (const [label, pick] of [
  ["wall", (r: (typeof rows)[number]) => r.ms],
  ["cpu ", (r: (typeof rows)[number]) => r.cpuMs],
] as const) {
  const times = rows.map(pick);
  const worst = rows.reduce((a, b) => (pick(b) > pick(a) ? b : a));
  console.log(
    `time per page (new, warm, ${label}): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, worst ${pick(worst).toFixed(1)} ms (${worst.name})`,
  );
}
const bySort = (kind: string) => rows.filter((r) => r.extraction === kind);
for (const kind of ["article", "page"]) {
  const some = bySort(kind);
  if (some.length)
    console.log(
      `pages read as ${kind} (${some.length}): F1 new ${fmt(mean(some.map((r) => r.next.f1)))}, old ${fmt(mean(some.map((r) => r.prev.f1)))}`,
    );
}

console.log("\nhostile pages (new extractor; each must finish within a second):");
let slowest = 0;
for (const page of hostilePages()) {
  const [out, ms, cpuMs] = await timed(() => pageText(page.html, "html", url));
  slowest = Math.max(slowest, ms);
  console.log(
    `  ${page.name.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms wall ${cpuMs.toFixed(0).padStart(6)} ms cpu  ${out.extraction}, ${out.text.length} chars`,
  );
}
console.log(
  `slowest hostile page: ${slowest.toFixed(0)} ms wall${slowest > 1000 ? " (OVER one second)" : ""}; load average ${(await import("node:os")).loadavg()[0]?.toFixed(1)} on ${(await import("node:os")).availableParallelism()} cores`,
);
