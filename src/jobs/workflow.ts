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
}

export interface WorkflowContext<P extends Json> {
  jobId: string;
  payload: P;
  step: WorkflowStep;
  reportProgress(progress: JobProgress): void;
  signal: AbortSignal;
}

export type Workflow<P extends Json, R extends Json> = (context: WorkflowContext<P>) => Promise<R>;
