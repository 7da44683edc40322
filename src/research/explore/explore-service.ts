import { randomUUID } from "node:crypto";
import type { ExploreRequest } from "../../config/explore-request.ts";
import type { JobRecord } from "../../jobs/job-record.ts";
import { defineWorkflow, type JobRunner, type WorkflowDefinition } from "../../jobs/job-runner.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";
import type { SearchFunction } from "../../search/search-function.ts";
import { StoreError } from "../../store/research-reader.ts";
import type { ResearchStore } from "../../store/research-store.ts";
import { findExistingExploration } from "../existing-exploration.ts";
import type { ExplorePayload } from "./explore-plan.ts";
import { type ExploreResult, exploreWorkflow } from "./explore-workflow.ts";

/** What a job needs to run, resolved per job so a configuration error fails that job at once. */
export interface ExploreServiceDeps {
  store: ResearchStore;
  /** Throws ConfigError (no API key, unknown model): the job fails at once, with its webhook. */
  resolveModel(request: ExploreRequest): ResolvedModel;
  search?: SearchFunction | undefined;
}

export const EXPLORE_JOB_KIND = "explore";

/** The explore workflow as the job runner runs it: resolve and verify, then the steps. */
export function exploreJobWorkflow(deps: ExploreServiceDeps): WorkflowDefinition {
  return defineWorkflow<ExplorePayload, ExploreResult>({
    run: async (context) => {
      const model = deps.resolveModel(context.payload.request);
      await deps.store.verify();
      return exploreWorkflow({
        store: deps.store,
        model,
        search: model.supportsServerWebSearch ? undefined : deps.search,
        logSink: () => {},
      })(context);
    },
  });
}

/**
 * POST /api/explore: an idea already explored is answered at once (200, with its path) unless
 * update or force is asked; anything else becomes a job. The prepare step checks again, so two
 * submissions racing each other still never write the idea twice.
 */
export function submitExplore(jobs: JobRunner, store: ResearchStore, now = () => new Date()) {
  return async ({
    request,
    webhook,
    tokenId,
  }: {
    request: ExploreRequest;
    webhook: { url: string; secret: string | undefined } | undefined;
    tokenId: string | undefined;
  }) => {
    if (!request.update && !request.force) {
      const existing = await findExistingQuietly(store, request.idea);
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
    return {
      kind: "queued" as const,
      job: jobs.enqueue({
        kind: EXPLORE_JOB_KIND,
        payload,
        mode: request.mode,
        title: request.idea,
        webhook,
        tokenId,
      }),
    };
  };
}

/**
 * The duplicate pre-check is a shortcut only: when the repository cannot be read (a missing folder,
 * a bad token) the job is queued anyway, and its first step fails it with the store's clear
 * message and sends its webhook, instead of the submission failing without a job to show for it.
 */
async function findExistingQuietly(store: ResearchStore, idea: string) {
  try {
    return await findExistingExploration(store, idea);
  } catch (error) {
    if (error instanceof StoreError) return undefined;
    throw error;
  }
}

/** GET /api/jobs/:id/research: the research.md a finished job wrote (or found). */
export function readJobResearch(store: ResearchStore) {
  return async (job: JobRecord): Promise<string | undefined> => {
    const path = (job.result as { path?: unknown } | undefined)?.path;
    return typeof path === "string" ? store.readText(path) : undefined;
  };
}
