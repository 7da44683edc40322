import { NOTIFY_STEP } from "./execute-job.ts";
import type { JobLogger } from "./job-logger.ts";
import type { JobRecord } from "./job-record.ts";
import type { JobStore } from "./job-store.ts";
import {
  buildWebhookBody,
  summaryFromResult,
  type WebhookSummary,
} from "./webhook/webhook-body.ts";
import type { WebhookNotifier, WebhookOutcome } from "./webhook/webhook-notifier.ts";
import type { Json, WorkflowStep } from "./workflow.ts";

export interface NotifyDeps {
  store: JobStore;
  notifier: WebhookNotifier;
  step: WorkflowStep;
  signal: AbortSignal;
  summarize: ((result: Json) => WebhookSummary) | undefined;
  logger: JobLogger;
}

/**
 * Sends a finished job's webhook as the checkpointed "notify" step: once its outcome is stored, a
 * restart records it without posting again. (A crash between the receiver's 2xx and that write
 * sends it once more; receivers dedupe on X-Idea-Explorer-Delivery.)
 */
export async function notifyJob(job: JobRecord, deps: NotifyDeps): Promise<void> {
  const target = deps.store.webhookTarget(job.id);
  if (!target) {
    deps.store.setWebhookStatus(job.id, "skipped", undefined);
    return;
  }
  let outcome: WebhookOutcome;
  try {
    outcome = (await deps.step.do(NOTIFY_STEP, async () => {
      const summary = deps.summarize?.(job.result ?? null) ?? summaryFromResult(job.result);
      return toJson(
        await deps.notifier.deliver(target, buildWebhookBody(job, summary), deps.signal),
      );
    })) as unknown as WebhookOutcome;
  } catch (error) {
    if (deps.signal.aborted) return; // stays pending: sent on the next start
    deps.logger.error(`job ${job.id}: webhook step failed`, error);
    outcome = { status: "failed", attempts: 0, reason: "unexpected webhook error" };
  }
  const detail = outcome.status === "failed" ? outcome.reason : undefined;
  deps.store.setWebhookStatus(job.id, outcome.status, detail);
}

function toJson(outcome: WebhookOutcome): Json {
  return { ...outcome };
}
