import { describe, expect, it } from "vitest";
import { compare } from "./compare.ts";
import { checksListed, type TaskMetrics, taskMetrics } from "./metrics.ts";
import type { TaskRun } from "./run-task.ts";
import { resultTable } from "./table.ts";
import { totals } from "./totals.ts";

/** The measures read from a log entry: the `checks` contract, older logs, unpriced runs. */
const task = { id: "t", mode: "business" as const, idea: "An idea" };
const citations = {
  markers: 5,
  citedSources: 3,
  consultedSources: 2,
  paragraphs: 4,
  paragraphsWithCitation: 3,
};
const run = (log: Record<string, unknown> | undefined, research?: string): TaskRun => ({
  task,
  exitCode: 0,
  result: { status: "created", folder: "ideas/x" },
  lastStderrLine: "",
  logEntry: log,
  research,
  elapsedMs: 1200,
});
const checks = {
  citations: 6,
  supported: 3,
  notFound: 2,
  nothingToCheck: 1,
  model: { supported: 4, unsupported: 1, unclear: 1, skipped: 0, usd: 0.0021 },
};
const report = `---\ntitle: x\n---\n\n# X\n\nText.[1]\n\n## Checks\n\n- "Sales grew 8%" [1]: 8% not found\n- "In 2025" [2]: 2025 not found\n\n## Sources\n\n1. [A](https://a.example)\n`;

describe("research eval metrics", () => {
  it("reads citations, the figure and model checks, cost, time and steps from the log", () => {
    const metrics = taskMetrics(
      run(
        {
          model: "claude-sonnet-5-5",
          citations,
          checks,
          cost: { priced: true, usd: 0.0412, inputUsd: 0.02 },
          durationMs: 61_000,
          steps: 4,
          stoppedBy: "done",
        },
        report,
      ),
    );
    expect(metrics).toMatchObject({
      status: "ok",
      error: null,
      model: "claude-sonnet-5-5",
      markers: 5,
      citedShare: 0.75,
      checks: { citations: 6, supported: 3, notFound: 2, nothingToCheck: 1 },
      modelChecks: checks.model,
      checksListed: 2,
      cost: { priced: true, usd: 0.0412 },
      durationMs: 61_000,
      elapsedMs: 1200,
      steps: 4,
    });
  });

  it("nothing cited: nothing checked; an older log: checks n/a; an unknown price: cost unknown; no model check asked: -", () => {
    const uncited = taskMetrics(run({ citations: { ...citations, markers: 0 } }));
    expect(uncited.checks).toEqual({ citations: 0, supported: 0, notFound: 0, nothingToCheck: 0 });
    const metrics = taskMetrics(
      run({ citations, cost: { priced: false, reason: "no price for claude-sonnet-9" }, steps: 2 }),
    );
    expect(metrics).toMatchObject({
      checks: null,
      modelChecks: null,
      cost: { priced: false, reason: "no price for claude-sonnet-9" },
    });
    const [row] = resultTable([metrics], totals([metrics])).slice(2);
    expect(row?.split(/\s{2,}/).slice(6, 9)).toEqual(["n/a", "-", "unknown"]);
  });

  it("counts the sentences research.md lists under ## Checks, none without the section", () => {
    expect(checksListed(report)).toBe(2);
    expect(checksListed("# X\n\n- a point\n\n## Sources\n\n1. [A](https://a.example)\n")).toBe(0);
    expect(checksListed("# X\n\n## Checks\n\n- one\n- two\n- three\n")).toBe(3);
  });

  it("totals: sums and means over the completed tasks, priced costs summed, failures counted", () => {
    const priced = taskMetrics(run({ citations, checks, cost: { priced: true, usd: 0.04 } }));
    const unpriced = taskMetrics(run({ citations, cost: { priced: false, reason: "x" } }));
    const failed: TaskMetrics = {
      ...taskMetrics({ ...run(undefined), exitCode: 1, lastStderrLine: "boom" }),
      id: "f",
    };
    expect(failed).toMatchObject({ status: "failed", error: { message: "boom", exitCode: 1 } });
    const total = totals([priced, unpriced, failed]);
    expect(total).toMatchObject({
      tasks: 3,
      completed: 2,
      failed: 1,
      sum: { markers: 10, usd: 0.04, unpriced: 1, checks: { supported: 3, notFound: 2 } },
      citedShare: 0.75,
      mean: { markers: 5, usd: 0.04 },
    });
    expect(total.sum.modelChecks).toEqual(checks.model);
  });

  it("compares by id: deltas for tasks run both times, new and dropped tasks named", () => {
    const before = [
      { ...taskMetrics(run({ citations, steps: 2 })), id: "a" },
      { ...taskMetrics(run({ citations })), id: "gone" },
    ];
    const now = [
      { ...taskMetrics(run({ citations: { ...citations, markers: 8 }, steps: 5 })), id: "a" },
      { ...taskMetrics(run({ citations })), id: "b" },
    ];
    const comparison = compare(now, before, "before.json");
    expect(comparison.tasks).toEqual([
      { id: "a", status: "compared", deltas: expect.objectContaining({ markers: 3, steps: 3 }) },
      { id: "b", status: "new" },
      { id: "gone", status: "not run now" },
    ]);
    expect(comparison.mean).toMatchObject({ markers: 3, supported: null });
  });
});
