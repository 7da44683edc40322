import type { FigureChecks, ModelChecks, TaskCost, TaskMetrics } from "./metrics.ts";
import type { Totals } from "./totals.ts";

/** A column: its heading, width and alignment. */
interface Column {
  title: string;
  width: number;
  left?: boolean;
}

/** Renders rows of cells in fixed-width columns, cells cut to fit. */
export function fixedWidth(columns: Column[], rows: string[][]): string[] {
  const line = (cells: string[]) =>
    columns
      .map((column, i) => {
        const cell = (cells[i] ?? "").slice(0, column.width);
        return column.left ? cell.padEnd(column.width) : cell.padStart(column.width);
      })
      .join("  ")
      .trimEnd();
  const rule = columns.map((column) => "-".repeat(column.width)).join("  ");
  return [line(columns.map((column) => column.title)), rule, ...rows.map(line)];
}

export const share = (value: number | null) =>
  value === null ? "n/a" : `${Math.round(value * 100)}%`;
export const usd = (value: number) =>
  value >= 0.01 || value === 0 ? `$${value.toFixed(2)}` : `$${value.toPrecision(2)}`;
const cost = (value: TaskCost | null) =>
  !value ? "n/a" : value.priced ? usd(value.usd) : "unknown";
const seconds = (ms: number | null) => (ms === null ? "n/a" : (ms / 1000).toFixed(1));
const count = (value: number | null) => (value === null ? "n/a" : String(value));
const figures = (checks: FigureChecks | null) =>
  checks ? `${checks.supported}/${checks.notFound}/${checks.nothingToCheck}` : "n/a";
const verdicts = (model: ModelChecks | null) =>
  model ? `${model.supported}/${model.unsupported}/${model.unclear}/${model.skipped}` : "-";

/**
 * The per-task table and the totals, as printed on stdout. Figures "ok/not/none": citations whose
 * figures the passage holds, does not hold, or that state none; "n/a" when the log has no checks.
 * Model "ok/no/?/skip": the model check's verdicts; "-" when it was not asked for.
 */
export function resultTable(tasks: TaskMetrics[], total: Totals): string[] {
  const columns: Column[] = [
    { title: "task", width: Math.max(5, ...tasks.map((t) => t.id.length)), left: true },
    { title: "mode", width: 11, left: true },
    { title: "status", width: 6, left: true },
    { title: "markers", width: 7 },
    { title: "para cited", width: 10 },
    { title: "sources", width: 7 },
    { title: "figures", width: 11 },
    { title: "model", width: 11 },
    { title: "cost", width: 8 },
    { title: "time s", width: 7 },
    { title: "steps", width: 5 },
  ];
  const rows = tasks.map((t) =>
    t.status === "failed"
      ? [t.id, t.mode, "failed"]
      : [
          t.id,
          t.mode,
          "ok",
          count(t.markers),
          t.paragraphs === null
            ? "n/a"
            : `${t.paragraphsWithCitation}/${t.paragraphs} ${share(t.citedShare)}`,
          t.citedSources === null
            ? "n/a"
            : `${t.citedSources}/${t.citedSources + (t.consultedSources ?? 0)}`,
          figures(t.checks),
          verdicts(t.modelChecks),
          cost(t.cost),
          seconds(t.durationMs),
          count(t.steps),
        ],
  );
  const { sum, mean } = total;
  const unpriced = sum.unpriced ? `+${sum.unpriced}?` : "";
  const fixed = (value: number | null, digits: number) =>
    value === null ? "n/a" : value.toFixed(digits);
  rows.push(
    [
      "total",
      "",
      `${total.completed}/${total.tasks}`,
      String(sum.markers),
      `${sum.paragraphsWithCitation}/${sum.paragraphs} ${share(total.citedShare)}`,
      `${sum.citedSources}/${sum.citedSources + sum.consultedSources}`,
      figures(sum.checks),
      verdicts(sum.modelChecks),
      `${usd(sum.usd)}${unpriced}`,
      seconds(sum.durationMs),
      String(sum.steps),
    ],
    [
      "mean",
      "",
      "",
      fixed(mean.markers, 1),
      share(mean.citedShare),
      mean.citedSources === null
        ? "n/a"
        : `${fixed(mean.citedSources, 1)}/${fixed(mean.citedSources + (mean.consultedSources ?? 0), 1)}`,
      "",
      "",
      mean.usd === null ? "n/a" : usd(mean.usd),
      seconds(mean.durationMs),
      fixed(mean.steps, 1),
    ],
  );
  const lines = fixedWidth(columns, rows);
  lines.splice(lines.length - 2, 0, columns.map((c) => "-".repeat(c.width)).join("  "));
  return [
    ...lines,
    "",
    "total: sums over the completed tasks (para cited pooled over all paragraphs; cost over the priced tasks, +N? unpriced); mean: per completed task",
    "sources: cited/all retrieved; figures: supported/not found/nothing to check; model: supported/unsupported/unclear/skipped",
    ...tasks
      .filter((t) => t.error)
      .map((t) => `failed: ${t.id} (exit ${t.error?.exitCode ?? "?"}): ${t.error?.message}`),
  ];
}
