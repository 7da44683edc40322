import { randomUUID } from "node:crypto";
import type { ExploreRequest } from "../../config/explore-request.ts";
import type { Redact } from "../../config/redactor.ts";
import type { JobBackend } from "../../jobs/job-backend.ts";
import type { IdempotencyKey, JobRecord } from "../../jobs/job-record.ts";
import { defineWorkflow, type WorkflowDefinition } from "../../jobs/job-runner.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";
import type { SearchBackend } from "../../search/resolve-search-backend.ts";
import { StoreError } from "../../store/research-reader.ts";
import type { ResearchStore } from "../../store/research-store.ts";
import { findExistingExploration } from "../existing-exploration.ts";
import { fingerprintIdea } from "../idea-identity.ts";
import type { ExplorePayload } from "./explore-plan.ts";
import { preflightExplore, searchBackendFor, withPreflightWarnings } from "./explore-preflight.ts";
import type { ExploreTooling } from "./explore-tools.ts";
import { type ExploreResult, exploreWorkflow } from "./explore-workflow.ts";

/** What a job needs to run, resolved per job so a configuration error fails that job at once. */
export interface ExploreServiceDeps {
  store: ResearchStore;
  /**
   * Throws ConfigError (no API key, unknown model): the job fails at once, with its webhook.
   * `onRequestRetry` hears each retry of a model request that got no answer in time.
   */
  resolveModel(
    request: ExploreRequest,
    hooks?: { onRequestRetry?: (line: string) => void },
  ): ResolvedModel;
  /** The configured web search backend (probed before each job that would search with it). */
  searchBackend?: SearchBackend | undefined;
  /**
   * Masks the configured secrets in failure text the workflow publishes itself (an issue's
   * answer); what the job runner records it masks on its own. Default: by shape only.
   */
  redact?: Redact;
  /** The operator's tool settings for every job (web_fetch's caps, host lists, off). */
  tooling?: ExploreTooling | undefined;
}

export const EXPLORE_JOB_KIND = "explore";

/**
 * The explore workflow as the job runner runs it: resolve the model, the preflight every surface
 * runs (its warnings go to the job's progress and its result), then the steps.
 */
export function exploreJobWorkflow(deps: ExploreServiceDeps): WorkflowDefinition {
  return defineWorkflow<ExplorePayload, ExploreResult>({
    run: async (context) => {
      const { request } = context.payload;
      const model = deps.resolveModel(request, {
        onRequestRetry: (line) => context.reportProgress({ message: line }),
      });
      const warnings = await preflightExplore(request, {
        model,
        store: deps.store,
        searchBackend: deps.searchBackend,
        onWarning: (warning) => context.reportProgress({ message: `warning: ${warning}` }),
      });
      const result = await exploreWorkflow({
        store: deps.store,
        model,
        search: searchBackendFor(model, deps.searchBackend)?.search,
        tooling: deps.tooling,
        logSink: () => {},
      })(context);
      return withPreflightWarnings(result, warnings);
    },
  });
}

/** How long POST /api/explore reuses one listing of ideas/ for its duplicate check. */
export const FOLDER_LISTING_TTL_MS = 5_000;

/**
 * POST /api/explore: an idea already explored is answered at once (200, with its path) unless
 * update or force is asked; anything else becomes a job. The check is a shortcut: it reuses one
 * listing of ideas/ for a few seconds (listing is a directory walk, or a GitHub API call, per
 * request otherwise), and the prepare step checks again against the repository itself, so a
 * submission the shortcut misses, or two racing each other, still never write the idea twice.
 */
export function submitExplore(jobs: JobBackend, store: ResearchStore, now = () => new Date()) {
  // A finished exploration may have written a folder: the next duplicate check must see it. An
  // engine that does not see every job finish (the Worker's jobs end in other isolates) lists
  // the repository on every submission instead of keeping a listing.
  const folders = jobs.subscribeAll
    ? cachedListing(store, FOLDER_LISTING_TTL_MS, () => now().getTime())
    : { get: () => store.listIdeaFolders(), invalidate: () => {} };
  jobs.subscribeAll?.((event) => {
    if (event.type === "finished" && event.job.kind === EXPLORE_JOB_KIND) folders.invalidate();
  });
  return async ({
    request,
    webhook,
    tokenId,
    idempotency,
  }: {
    request: ExploreRequest;
    webhook: { url: string; secret: string | undefined } | undefined;
    tokenId: string | undefined;
    idempotency?: IdempotencyKey;
  }) => {
    if (!request.update && !request.force) {
      const existing = await findExistingQuietly(store, request.idea, folders.get);
      if (existing) {
        return {
          kind: "existing" as const,
          body: {
            status: "exists",
            path: `ideas/${existing.folder}/research.md`,
            date: existing.document.frontmatter.date ?? null,
          },
        };
      }
    }
    const payload: ExplorePayload = {
      request,
      requestedAt: now().toISOString(),
      runId: randomUUID(),
    };
    // One run per idea: an idea already queued or running answers with that job.
    return jobs.enqueue({
      kind: EXPLORE_JOB_KIND,
      payload,
      mode: request.mode,
      title: request.idea,
      webhook,
      tokenId,
      fingerprint: fingerprintIdea(request.idea),
      idempotency,
    });
  };
}

/**
 * The duplicate pre-check is a shortcut only: when the repository cannot be read (a missing folder,
 * a bad token) the job is queued anyway, and its first step fails it with the store's clear
 * message and sends its webhook, instead of the submission failing without a job to show for it.
 */
async function findExistingQuietly(
  store: ResearchStore,
  idea: string,
  folders: () => Promise<string[]>,
) {
  try {
    return await findExistingExploration(store, idea, await folders());
  } catch (error) {
    if (error instanceof StoreError) return undefined;
    throw error;
  }
}

/**
 * One listing shared by every request (concurrent requests share one in flight). After `ttlMs`
 * the next request starts a refresh but is answered from the previous listing, so no request
 * waits on a directory walk under load; `invalidate` drops the listing (a job of this process has
 * just written a folder), and the next request then waits for a fresh one.
 */
function cachedListing(store: ResearchStore, ttlMs: number, now: () => number) {
  let listing: Promise<string[]> | undefined;
  let listedAt = Number.NEGATIVE_INFINITY;
  let refreshing = false;
  const list = () => {
    listedAt = now();
    return store.listIdeaFolders();
  };
  return {
    get(): Promise<string[]> {
      if (!listing) {
        const first = list();
        listing = first;
        first.catch(() => {
          if (listing === first) listing = undefined; // a failure is not remembered
        });
        return first;
      }
      if (!refreshing && now() - listedAt >= ttlMs) {
        refreshing = true;
        const previous = listing;
        const next = list();
        next
          .then(
            () => {
              if (listing === previous) listing = next; // unless invalidated meanwhile
            },
            () => {}, // keep answering from the previous listing
          )
          .finally(() => {
            refreshing = false;
          });
      }
      return listing;
    },
    invalidate(): void {
      listing = undefined;
    },
  };
}

/** GET /api/jobs/:id/research: the research.md a finished job wrote (or found). */
export function readJobResearch(store: ResearchStore) {
  return async (job: JobRecord): Promise<string | undefined> => {
    const path = (job.result as { path?: unknown } | undefined)?.path;
    return typeof path === "string" ? store.readText(path) : undefined;
  };
}
