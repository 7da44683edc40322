import type { JobProgress, Json } from "./workflow.ts";

export const JOB_STATUSES = ["pending", "running", "completed", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** skipped: no webhook_url; pending: not yet attempted or in flight; then delivered or failed. */
export type WebhookStatus = "skipped" | "pending" | "delivered" | "failed";

/**
 * A job as the rest of the program sees it. It deliberately holds no webhook URL (a URL can itself
 * be a secret, e.g. chat webhooks) and no callback secret: those are read only by the notifier.
 */
export interface JobRecord {
  id: string;
  kind: string;
  status: JobStatus;
  mode: string | undefined;
  title: string | undefined;
  payload: Json;
  result: Json | undefined;
  error: { code: string; message: string } | undefined;
  progress: JobProgress | undefined;
  currentStep: string | undefined;
  attempts: number;
  webhook: { status: WebhookStatus; detail: string | undefined; origin: string | undefined };
  tokenId: string | undefined;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | undefined;
}

export interface WebhookTarget {
  url: string;
  secret: string | undefined;
}

/** A client's Idempotency-Key and a hash of the request it came with. */
export interface IdempotencyKey {
  key: string;
  requestHash: string;
}

export interface NewJob {
  kind: string;
  payload: Json;
  /** Indexed labels for listing (the explore mode) and display (the idea). */
  mode?: string;
  title?: string;
  webhook?: WebhookTarget;
  /** Which API token created the job (a fingerprint, never the token). */
  tokenId?: string;
  /**
   * What the job works on (e.g. the idea's fingerprint): while a job of the same kind and
   * fingerprint is pending or running, enqueueing answers with that job instead of a new one.
   */
  fingerprint?: string;
  /** Enqueueing again with the same key (per tokenId) answers with the job it made. */
  idempotency?: IdempotencyKey;
}

export function isFinished(status: JobStatus): boolean {
  return status === "completed" || status === "failed";
}
