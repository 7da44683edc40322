/**
 * The durable-workflow contract, shaped like Cloudflare Workflows' `step.do(name, fn)` so the same
 * workflow code runs on the embedded node:sqlite runner here and on Cloudflare later.
 *
 * A step is named and idempotent: the runner persists the value `fn` returns (JSON) before the next
 * step begins, and on a replay after a restart returns the stored value without calling `fn` again.
 * Workflows share no state outside step results.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json | undefined };

export interface WorkflowStep {
  do<T extends Json>(name: string, fn: () => Promise<T>): Promise<T>;
}

/** Live progress a running step reports (shown on GET /api/jobs/:id and its SSE stream). */
export interface JobProgress {
  step?: string;
  agentStep?: number;
  maxSteps?: number;
  toolCalls?: number;
  inputTokens?: number;
  outputTokens?: number;
  message?: string;
  /** What the run has cost so far in US dollars (a model with a known price only). */
  costUsd?: number;
  /** When this run's research began (ISO 8601), for the elapsed time. */
  startedAt?: string;
  /** The latest web searches, oldest first (at most LIVE_ITEMS), and how many there were. */
  queries?: LiveQuery[];
  queryCount?: number;
  /** The latest pages retrieved, oldest first (at most LIVE_ITEMS), and how many there were. */
  pages?: LivePage[];
  pageCount?: number;
  /** Deep research: the plan as announced, and the latest progress lines (at most LIVE_ITEMS). */
  plan?: string;
  lines?: string[];
}

/** How many of each live list (queries, pages, lines) a job's progress keeps: it is stored. */
export const LIVE_ITEMS = 20;

export interface LiveQuery {
  query: string;
  /** How many results it returned; absent while unknown or when it failed. */
  results?: number;
  ok: boolean;
}

export interface LivePage {
  title: string;
  url: string;
}

export interface WorkflowContext<P extends Json> {
  jobId: string;
  payload: P;
  step: WorkflowStep;
  reportProgress(progress: JobProgress): void;
  signal: AbortSignal;
}

export type Workflow<P extends Json, R extends Json> = (context: WorkflowContext<P>) => Promise<R>;
