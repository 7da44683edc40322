import type { TaskRun } from "./run-task.ts";

/** exploration-log.json's `checks`: the figure check of every citation, and the model's verdicts. */
export interface FigureChecks {
  citations: number;
  supported: number;
  notFound: number;
  nothingToCheck: number;
}
export interface ModelChecks {
  supported: number;
  unsupported: number;
  unclear: number;
  skipped: number;
  usd?: number;
}

export type TaskCost = { priced: true; usd: number } | { priced: false; reason: string };

/** One task's measures; null where the run did not record it (a failure, an older CLI). */
export interface TaskMetrics {
  id: string;
  mode: string;
  /** The model the log names. */
  model: string | null;
  status: "ok" | "failed";
  error: { code: string | null; message: string; exitCode: number | null } | null;
  /** Citation markers in the report ("[1][3]" counts 2). */
  markers: number | null;
  paragraphs: number | null;
  paragraphsWithCitation: number | null;
  /** paragraphsWithCitation / paragraphs. */
  citedShare: number | null;
  citedSources: number | null;
  consultedSources: number | null;
  /**
   * null: the log has no `checks` though the report cites (written by a CLI before figure
   * checks); all 0 for a report that cites nothing.
   */
  checks: FigureChecks | null;
  /** null: the model check was not asked for. */
  modelChecks: ModelChecks | null;
  /** Sentences research.md lists under `## Checks` (0 when it has no such section). */
  checksListed: number | null;
  cost: TaskCost | null;
  /** The run's own time, from the log. */
  durationMs: number | null;
  /** The CLI process from start to exit, measured by the eval (failed runs too). */
  elapsedMs: number;
  steps: number | null;
  stoppedBy: string | null;
  /** The exploration's folder, kept with --keep. */
  folder?: string;
}

/** Reads a task's measures from what its run committed and the CLI's `--json` result. */
export function taskMetrics(run: TaskRun): TaskMetrics {
  const { task, logEntry: log } = run;
  const failed = failure(run);
  const citations = record(log?.citations);
  const paragraphs = num(citations?.paragraphs);
  const withCitation = num(citations?.paragraphsWithCitation);
  const checks = record(log?.checks);
  const cost = record(log?.cost);
  return {
    id: task.id,
    mode: task.mode,
    model: typeof log?.model === "string" ? log.model : null,
    status: failed ? "failed" : "ok",
    error: failed,
    markers: num(citations?.markers),
    paragraphs,
    paragraphsWithCitation: withCitation,
    citedShare: paragraphs && withCitation !== null ? withCitation / paragraphs : null,
    citedSources: num(citations?.citedSources),
    consultedSources: num(citations?.consultedSources),
    checks: figureChecks(checks, num(citations?.markers)),
    modelChecks: modelChecks(record(checks?.model)),
    checksListed: run.research === undefined ? null : checksListed(run.research),
    cost: !cost
      ? null
      : cost.priced === true
        ? { priced: true, usd: num(cost.usd) ?? 0 }
        : { priced: false, reason: String(cost.reason ?? "no price") },
    durationMs: num(log?.durationMs),
    elapsedMs: run.elapsedMs,
    steps: num(log?.steps),
    stoppedBy: typeof log?.stoppedBy === "string" ? log.stoppedBy : null,
    ...(run.folder ? { folder: run.folder } : {}),
  };
}

/** A failed run is reported with the CLI's error; a run that committed no log failed too. */
function failure(run: TaskRun): TaskMetrics["error"] {
  const error = record(run.result?.error);
  if (run.exitCode === 0 && run.logEntry) return null;
  const message =
    (typeof error?.message === "string" ? error.message : undefined) ??
    (run.exitCode === 0 ? "the run committed no exploration-log.json" : run.lastStderrLine) ??
    "";
  return {
    code: typeof error?.code === "string" ? error.code : null,
    message: message || `exit ${run.exitCode}`,
    exitCode: run.exitCode,
  };
}

/** A report that cites nothing has nothing checked (its log leaves `checks` out); n/a otherwise. */
function figureChecks(
  checks: Record<string, unknown> | undefined,
  markers: number | null,
): FigureChecks | null {
  if (!checks) return markers === 0 ? NO_CITATIONS : null;
  return {
    citations: num(checks.citations) ?? 0,
    supported: num(checks.supported) ?? 0,
    notFound: num(checks.notFound) ?? 0,
    nothingToCheck: num(checks.nothingToCheck) ?? 0,
  };
}
const NO_CITATIONS: FigureChecks = { citations: 0, supported: 0, notFound: 0, nothingToCheck: 0 };

function modelChecks(model: Record<string, unknown> | undefined): ModelChecks | null {
  if (!model) return null;
  const usd = num(model.usd);
  return {
    supported: num(model.supported) ?? 0,
    unsupported: num(model.unsupported) ?? 0,
    unclear: num(model.unclear) ?? 0,
    skipped: num(model.skipped) ?? 0,
    ...(usd === null ? {} : { usd }),
  };
}

/** The list items of research.md's `## Checks` section, up to the next heading of its level. */
export function checksListed(research: string): number {
  const section = /^## Checks[ \t]*\n([\s\S]*?)(?=^#{1,2} |(?![\s\S]))/m.exec(research)?.[1];
  return section ? section.split("\n").filter((line) => /^(?:[-*+]|\d+\.)\s/.test(line)).length : 0;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function num(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
