import type { Context } from "hono";
import type { LogSummary } from "../../research/library/exploration-log-summary.ts";
import type { ExplorationSummary } from "../../research/library/exploration-summary.ts";
import { checkFolderName } from "../../research/library/folder-name.ts";
import { LibraryQueryError, listExplorations } from "../../research/library/list-explorations.ts";
import { readExploration } from "../../research/library/read-exploration.ts";
import { StoreError } from "../../store/research-reader.ts";
import type { ResearchSnapshot } from "../../store/research-store.ts";
import { ApiError } from "../api-error.ts";
import { renderMarkdown } from "../render-markdown.ts";
import {
  type ExplorationDetailBody,
  type ExplorationListBody,
  explorationsQuerySchema,
} from "./exploration-schemas.ts";

/**
 * GET /api/explorations: the ideas repository's explorations, newest first or searched (see
 * listExplorations for what a page reads). Only the ResearchSnapshot reads are used, so the
 * Worker serves it over the GitHub store as serve does over a folder.
 */
export function listExplorationsHandler(
  ideas: ResearchSnapshot | undefined,
  now: () => number = Date.now,
) {
  return async (c: Context) => {
    const query = explorationsQuerySchema.safeParse(c.req.query());
    if (!query.success) throw ApiError.invalid(query.error, "invalid_query");
    const store = configured(ideas);
    try {
      const { older_than_days: olderThanDays, ...rest } = query.data;
      const page = await listExplorations(store, { ...rest, olderThanDays, now: now() });
      const body: ExplorationListBody = {
        explorations: page.explorations.map(summaryView),
        next_cursor: page.nextCursor ?? null,
        search: page.search ?? null,
      };
      return c.json(body);
    } catch (error) {
      if (error instanceof LibraryQueryError) {
        const message = error.message.replace(/^\w+: /, "");
        throw new ApiError(400, "invalid_query", error.message, {
          details: [{ path: error.field, message }],
        });
      }
      throw storeFailure(error);
    }
  };
}

/**
 * GET /api/explorations/{folder}: the document, its sources and its log summary. The name is
 * checked before anything is read: one folder directly under ideas/, or 400 in one line.
 */
export function getExplorationHandler(
  ideas: ResearchSnapshot | undefined,
  now: () => number = Date.now,
) {
  return async (c: Context) => {
    const name = checkFolderName(c.req.param("folder") ?? "");
    if (!name.ok) {
      throw new ApiError(400, "invalid_folder", name.message, {
        details: [{ path: "folder", message: name.message.replace(/^folder: /, "") }],
      });
    }
    const store = configured(ideas);
    let found: Awaited<ReturnType<typeof readExploration>>;
    try {
      found = await readExploration(store, name.folder, now());
    } catch (error) {
      throw storeFailure(error);
    }
    if (!found) {
      throw new ApiError(404, "exploration_not_found", `no exploration in ideas/${name.folder}`);
    }
    const body: ExplorationDetailBody = {
      ...summaryView(found.summary),
      model: found.model,
      markdown: found.markdown,
      html: renderMarkdown(found.markdown),
      sources: found.sources.map(({ n, title, url }) => ({ n, title, url })),
      consulted: found.consulted.map(({ title, url }) => ({ title, url })),
      log: found.log ? logView(found.log) : null,
    };
    return c.json(body);
  };
}

function configured(ideas: ResearchSnapshot | undefined): ResearchSnapshot {
  if (!ideas) {
    throw new ApiError(503, "not_configured", "this server has no ideas repository to read");
  }
  return ideas;
}

function storeFailure(error: unknown): unknown {
  if (!(error instanceof StoreError)) return error;
  const line = error.message.split("\n", 1)[0] ?? "";
  return new ApiError(502, "store_error", `the ideas repository could not be read: ${line}`, {
    headers: error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {},
  });
}

function summaryView(s: ExplorationSummary) {
  return {
    folder: s.folder,
    path: s.path,
    title: s.title,
    idea: s.idea,
    mode: s.mode,
    date: s.date,
    verdict: s.verdict,
    directions: s.directions,
    cited_sources: s.citedSources,
    consulted_sources: s.consultedSources,
    cost_usd: s.costUsd,
    updates: s.updates,
    refreshed: s.refreshed,
    last_researched: s.lastResearched,
    age_days: s.ageDays,
    changed: s.changed,
    url: `/api/explorations/${s.folder}`,
  };
}

function logView(log: LogSummary) {
  const tokens = (t: LogSummary["tokens"]) => ({
    input: t.input,
    output: t.output,
    total: t.total,
    cache_read: t.cacheRead,
    cache_write: t.cacheWrite,
  });
  return {
    runs: log.runs.map((run) => ({
      started_at: run.startedAt,
      model: run.model,
      mode: run.mode,
      update: run.isUpdate,
      steps: run.steps,
      tokens: tokens(run.tokens),
      cost_usd: run.costUsd,
      stopped_by: run.stoppedBy,
      queries: run.queries,
    })),
    steps: log.steps,
    tokens: tokens(log.tokens),
    cost_usd: log.costUsd,
    stopped_by: log.stoppedBy,
    queries: log.queries.map((q) => ({ query: q.query, result_count: q.resultCount, ok: q.ok })),
    checks: log.checks && {
      citations: log.checks.citations,
      supported: log.checks.supported,
      not_found: log.checks.notFound,
      nothing_to_check: log.checks.nothingToCheck,
      model: log.checks.model,
    },
  };
}
