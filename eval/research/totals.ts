import type { FigureChecks, ModelChecks, TaskMetrics } from "./metrics.ts";

/**
 * The whole run: sums over the tasks that completed, and means per completed task. The cited
 * share is given both ways: pooled (all cited paragraphs over all paragraphs) and as the mean of
 * the tasks' shares. Costs sum the priced tasks; `unpriced` counts the others.
 */
export interface Totals {
  tasks: number;
  completed: number;
  failed: number;
  sum: {
    markers: number;
    paragraphs: number;
    paragraphsWithCitation: number;
    citedSources: number;
    consultedSources: number;
    /** Over the tasks whose log has checks; null when none has. */
    checks: FigureChecks | null;
    modelChecks: ModelChecks | null;
    checksListed: number;
    usd: number;
    unpriced: number;
    durationMs: number;
    steps: number;
  };
  /** Pooled: sum.paragraphsWithCitation / sum.paragraphs. */
  citedShare: number | null;
  mean: {
    markers: number | null;
    citedShare: number | null;
    citedSources: number | null;
    consultedSources: number | null;
    /** Over the priced tasks. */
    usd: number | null;
    durationMs: number | null;
    steps: number | null;
  };
}

export function totals(tasks: TaskMetrics[]): Totals {
  const done = tasks.filter((task) => task.status === "ok");
  const values = (pick: (task: TaskMetrics) => number | null) =>
    done.map(pick).filter((v): v is number => v !== null);
  const sum = (pick: (task: TaskMetrics) => number | null) =>
    values(pick).reduce((a, b) => a + b, 0);
  const mean = (pick: (task: TaskMetrics) => number | null) => {
    const xs = values(pick);
    return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
  };
  const usd = (task: TaskMetrics) => (task.cost?.priced ? task.cost.usd : null);
  const paragraphs = sum((t) => t.paragraphs);
  const withCitation = sum((t) => t.paragraphsWithCitation);
  return {
    tasks: tasks.length,
    completed: done.length,
    failed: tasks.length - done.length,
    sum: {
      markers: sum((t) => t.markers),
      paragraphs,
      paragraphsWithCitation: withCitation,
      citedSources: sum((t) => t.citedSources),
      consultedSources: sum((t) => t.consultedSources),
      checks: addUp(done.flatMap((t) => (t.checks ? [t.checks] : []))),
      modelChecks: addUp(done.flatMap((t) => (t.modelChecks ? [t.modelChecks] : []))),
      checksListed: sum((t) => t.checksListed),
      usd: round(sum(usd)),
      unpriced: done.filter((t) => !t.cost?.priced).length,
      durationMs: sum((t) => t.durationMs),
      steps: sum((t) => t.steps),
    },
    citedShare: paragraphs ? withCitation / paragraphs : null,
    mean: {
      markers: mean((t) => t.markers),
      citedShare: mean((t) => t.citedShare),
      citedSources: mean((t) => t.citedSources),
      consultedSources: mean((t) => t.consultedSources),
      usd: roundOrNull(mean(usd)),
      durationMs: mean((t) => t.durationMs),
      steps: mean((t) => t.steps),
    },
  };
}

/** Field by field sums of count records of one shape; null for none. */
function addUp<T extends object>(records: T[]): T | null {
  if (!records.length) return null;
  const total: Record<string, number> = {};
  for (const item of records) {
    for (const [key, value] of Object.entries(item)) {
      if (typeof value === "number") total[key] = (total[key] ?? 0) + value;
    }
  }
  if ("usd" in total) total.usd = round(total.usd ?? 0);
  return total as T;
}

const round = (usd: number) => Math.round(usd * 1_000_000) / 1_000_000;
const roundOrNull = (usd: number | null) => (usd === null ? null : round(usd));
