import { z } from "zod";

/** One run of exploration-log.json, as the library shows it. */
export interface LogRun {
  startedAt: string | null;
  model: string | null;
  mode: string | null;
  isUpdate: boolean;
  steps: number;
  tokens: LogTokens;
  /** US dollars, or null when the run had no price (a local model) or predates cost tracking. */
  costUsd: number | null;
  stoppedBy: string | null;
  queries: number;
}

export interface LogTokens {
  input: number;
  output: number;
  total: number;
  cacheRead: number;
  cacheWrite: number;
}

/** The figure check of a run's citations (and the model check's verdicts, when asked for). */
export interface LogChecks {
  citations: number;
  supported: number;
  notFound: number;
  nothingToCheck: number;
  model?: { supported: number; unsupported: number; unclear: number; skipped: number };
}

export interface LogSummary {
  runs: LogRun[];
  steps: number;
  tokens: LogTokens;
  /** The sum over runs, or null unless every run's cost is known. */
  costUsd: number | null;
  /** Why the latest run stopped (the model finished, a step or token limit, the cost limit...). */
  stoppedBy: string | null;
  /** Every web search of every run, in order. */
  queries: { query: string; resultCount: number | null; ok: boolean }[];
  /** The runs' checks summed (research.md's Checks section lists them all); undefined without any. */
  checks?: LogChecks;
  /**
   * Whether the latest refresh changed the verdict (or moved a figure, when the log records
   * that); undefined when no run was a refresh.
   */
  lastRefreshChanged?: boolean;
}

// The log is a file anyone may have edited: every field is read leniently, a wrong one dropped.
const count = z.number().int().nonnegative().catch(0);
const text = z.string().max(10_000).nullable().catch(null);
const logEntrySchema = z.looseObject({
  startedAt: text.default(null),
  model: text.default(null),
  mode: text.default(null),
  isUpdate: z.boolean().catch(false).default(false),
  steps: count.default(0),
  stoppedBy: text.default(null),
  tokens: z
    .looseObject({
      input: count.default(0),
      output: count.default(0),
      total: count.default(0),
      cacheRead: count.default(0),
      cacheWrite: count.default(0),
    })
    .catch({ input: 0, output: 0, total: 0, cacheRead: 0, cacheWrite: 0 })
    .default({ input: 0, output: 0, total: 0, cacheRead: 0, cacheWrite: 0 }),
  cost: z
    .union([
      z.looseObject({ priced: z.literal(true), usd: z.number().nonnegative() }),
      z.looseObject({ priced: z.literal(false) }),
    ])
    .optional()
    .catch(undefined),
  checks: z
    .looseObject({
      citations: count.default(0),
      supported: count.default(0),
      notFound: count.default(0),
      nothingToCheck: count.default(0),
      model: z
        .looseObject({
          supported: count.default(0),
          unsupported: count.default(0),
          unclear: count.default(0),
          skipped: count.default(0),
        })
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
  // A refresh's entry says what changed since the run before it (research/refresh writes it).
  refresh: z
    .looseObject({
      verdictChanged: z.boolean().catch(false).default(false),
      // Not written today: read when present, a count or a flag, so a figure can mark it too.
      figuresMoved: z.union([z.boolean(), count]).catch(false).default(false),
    })
    .optional()
    .catch(undefined),
  searches: z
    .array(
      z
        .looseObject({
          query: z.string(),
          resultCount: z.number().int().nonnegative().optional().catch(undefined),
          ok: z.boolean().catch(true).default(true),
        })
        .nullable()
        .catch(null),
    )
    .catch([])
    .default([]),
});

/** exploration-log.json's runs summed up; undefined when it holds no run that can be read. */
export function summarizeLog(logText: string | undefined): LogSummary | undefined {
  if (logText === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(logText);
  } catch {
    return undefined;
  }
  const entries = (Array.isArray(parsed) ? parsed : [parsed]).flatMap((raw) => {
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return [];
    const entry = logEntrySchema.safeParse(raw);
    return entry.success ? [entry.data] : [];
  });
  if (entries.length === 0) return undefined;
  const runs: LogRun[] = entries.map((entry) => ({
    startedAt: entry.startedAt,
    model: entry.model,
    mode: entry.mode,
    isUpdate: entry.isUpdate,
    steps: entry.steps,
    tokens: {
      input: entry.tokens.input,
      output: entry.tokens.output,
      total: entry.tokens.total,
      cacheRead: entry.tokens.cacheRead,
      cacheWrite: entry.tokens.cacheWrite,
    },
    costUsd: entry.cost?.priced === true ? entry.cost.usd : null,
    stoppedBy: entry.stoppedBy,
    queries: entry.searches.filter((s) => s !== null).length,
  }));
  const sum = (pick: (run: LogRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const costs = runs.map((run) => run.costUsd);
  const checks = sumChecks(entries.flatMap((entry) => (entry.checks ? [entry.checks] : [])));
  const lastRefresh = entries.findLast((entry) => entry.refresh !== undefined)?.refresh;
  return {
    runs,
    steps: sum((run) => run.steps),
    tokens: {
      input: sum((run) => run.tokens.input),
      output: sum((run) => run.tokens.output),
      total: sum((run) => run.tokens.total),
      cacheRead: sum((run) => run.tokens.cacheRead),
      cacheWrite: sum((run) => run.tokens.cacheWrite),
    },
    costUsd: costs.every((cost) => cost !== null)
      ? Math.round(costs.reduce((total, cost) => total + cost, 0) * 1e6) / 1e6
      : null,
    stoppedBy: runs.at(-1)?.stoppedBy ?? null,
    queries: entries.flatMap((entry) =>
      entry.searches.flatMap((search) =>
        search === null
          ? []
          : [{ query: search.query, resultCount: search.resultCount ?? null, ok: search.ok }],
      ),
    ),
    ...(checks ? { checks } : {}),
    ...(lastRefresh
      ? { lastRefreshChanged: lastRefresh.verdictChanged || Boolean(lastRefresh.figuresMoved) }
      : {}),
  };
}

function sumChecks(all: readonly LogChecks[]): LogChecks | undefined {
  if (all.length === 0) return undefined;
  const sum = <T>(items: readonly T[], key: keyof T) =>
    items.reduce((total, item) => total + (item[key] as number), 0);
  const models = all.flatMap((checks) => (checks.model ? [checks.model] : []));
  return {
    citations: sum(all, "citations"),
    supported: sum(all, "supported"),
    notFound: sum(all, "notFound"),
    nothingToCheck: sum(all, "nothingToCheck"),
    ...(models.length
      ? {
          model: {
            supported: sum(models, "supported"),
            unsupported: sum(models, "unsupported"),
            unclear: sum(models, "unclear"),
            skipped: sum(models, "skipped"),
          },
        }
      : {}),
  };
}
