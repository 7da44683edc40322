import type { TaskMetrics } from "./metrics.ts";
import { fixedWidth } from "./table.ts";

/** The measures compared, each read from a task's metrics (null: not known on that side). */
const MEASURES = {
  markers: (t: TaskMetrics) => t.markers,
  citedShare: (t: TaskMetrics) => t.citedShare,
  citedSources: (t: TaskMetrics) => t.citedSources,
  consultedSources: (t: TaskMetrics) => t.consultedSources,
  supported: (t: TaskMetrics) => t.checks?.supported ?? null,
  notFound: (t: TaskMetrics) => t.checks?.notFound ?? null,
  usd: (t: TaskMetrics) => (t.cost?.priced ? t.cost.usd : null),
  durationMs: (t: TaskMetrics) => t.durationMs,
  steps: (t: TaskMetrics) => t.steps,
};
type Measure = keyof typeof MEASURES;
export type Deltas = Record<Measure, number | null>;

export interface TaskComparison {
  id: string;
  /** compared: both runs completed; otherwise why there are no deltas. */
  status: "compared" | "new" | "not run now" | "failed now" | "failed before" | "failed both";
  /** Now minus before. */
  deltas?: Deltas;
}

export interface Comparison {
  against: string;
  tasks: TaskComparison[];
  /** The mean of each delta over the tasks compared (null when no task has it on both sides). */
  mean: Deltas;
}

/** Per-metric deltas of this run against an earlier result, tasks matched by id. */
export function compare(now: TaskMetrics[], before: TaskMetrics[], against: string): Comparison {
  const earlier = new Map(before.map((task) => [task.id, task]));
  const tasks: TaskComparison[] = now.map((task) => {
    const old = earlier.get(task.id);
    if (!old) return { id: task.id, status: "new" };
    if (task.status !== "ok" || old.status !== "ok") {
      const status =
        task.status === old.status
          ? "failed both"
          : task.status === "ok"
            ? "failed before"
            : "failed now";
      return { id: task.id, status };
    }
    return { id: task.id, status: "compared", deltas: deltas(task, old) };
  });
  const ran = new Set(now.map((task) => task.id));
  for (const task of before)
    if (!ran.has(task.id)) tasks.push({ id: task.id, status: "not run now" });
  const compared = tasks.flatMap((task) => (task.deltas ? [task.deltas] : []));
  const mean = Object.fromEntries(
    (Object.keys(MEASURES) as Measure[]).map((measure) => {
      const xs = compared.map((d) => d[measure]).filter((v): v is number => v !== null);
      return [measure, xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null];
    }),
  ) as Deltas;
  return { against, tasks, mean };
}

function deltas(now: TaskMetrics, before: TaskMetrics): Deltas {
  return Object.fromEntries(
    Object.entries(MEASURES).map(([measure, pick]) => {
      const [a, b] = [pick(now), pick(before)];
      return [measure, a === null || b === null ? null : a - b];
    }),
  ) as Deltas;
}

const signed = (value: number | null, digits: number, unit = "") => {
  if (value === null) return "n/a";
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return `0${unit}`;
  return `${value > 0 ? "+" : "-"}${text}${unit}`;
};

/** The deltas as a table: now minus before, per task, and their mean over the tasks compared. */
export function comparisonTable(comparison: Comparison): string[] {
  const row = (id: string, d: Deltas | undefined, status: string) =>
    d
      ? [
          id,
          signed(d.markers, Number.isInteger(d.markers ?? 0) ? 0 : 1),
          signed(d.citedShare === null ? null : d.citedShare * 100, 0, "pt"),
          signed(d.citedSources, Number.isInteger(d.citedSources ?? 0) ? 0 : 1),
          signed(d.supported, Number.isInteger(d.supported ?? 0) ? 0 : 1),
          signed(d.notFound, Number.isInteger(d.notFound ?? 0) ? 0 : 1),
          d.usd === null ? "n/a" : `${signed(d.usd, 4).replace(/^([+-]?)/, "$1$")}`,
          signed(d.durationMs === null ? null : d.durationMs / 1000, 1),
          signed(d.steps, Number.isInteger(d.steps ?? 0) ? 0 : 1),
        ]
      : [id, status];
  const columns = [
    { title: "task", width: Math.max(5, ...comparison.tasks.map((t) => t.id.length)), left: true },
    { title: "markers", width: 13 },
    { title: "para cited", width: 10 },
    { title: "cited", width: 6 },
    { title: "supported", width: 9 },
    { title: "not found", width: 9 },
    { title: "cost", width: 9 },
    { title: "time s", width: 7 },
    { title: "steps", width: 5 },
  ];
  const rows = comparison.tasks.map((t) => row(t.id, t.deltas, t.status));
  rows.push(row("mean", comparison.mean, ""));
  return [`compared with ${comparison.against} (now minus before)`, ...fixedWidth(columns, rows)];
}
