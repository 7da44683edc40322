import { setTimeout as delay } from "node:timers/promises";
import { type HostLookup, systemLookup } from "../../net/host-lookup.ts";
import type { WebhookTarget } from "../job-record.ts";
import { type PostOptions, postWebhook } from "./post-webhook.ts";
import type { WebhookBody } from "./webhook-body.ts";
import { SIGNATURE_HEADER, signWebhookBody } from "./webhook-signature.ts";
import { checkWebhookTarget, WebhookError } from "./webhook-target.ts";

export type WebhookOutcome =
  | { status: "delivered"; attempts: number }
  | { status: "failed"; attempts: number; reason: string };

export interface WebhookNotifier {
  /** Never rejects except when `signal` aborts (shutdown): then the delivery is left unsettled. */
  deliver(target: WebhookTarget, body: WebhookBody, signal?: AbortSignal): Promise<WebhookOutcome>;
}

/**
 * One delivery attempt; throws WebhookError (retryable or not). By default the target is checked
 * (and re-resolved) and posted with node:http on the checked addresses; an engine without
 * sockets (a Worker) passes its fetch.
 */
export type WebhookTransport = (url: string, body: string, options: PostOptions) => Promise<void>;

export interface WebhookNotifierOptions {
  transport?: WebhookTransport;
  /** Allow loopback and private targets (local set-ups); off by default. */
  allowPrivate?: boolean;
  lookup?: HostLookup;
  timeoutMs?: number;
  /** Waits between attempts; its length + 1 is the number of attempts. */
  retryDelaysMs?: number[];
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  userAgent?: string;
}

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000];

/**
 * Delivers a webhook with up to three attempts and backoff. The target is checked (and re-resolved)
 * before every attempt. Never throws: the outcome is recorded as the job's webhook_status, because
 * a receiver outage must not fail a job whose work is already done.
 */
export function createWebhookNotifier(options: WebhookNotifierOptions = {}): WebhookNotifier {
  const lookup = options.lookup ?? systemLookup;
  const allowPrivate = options.allowPrivate ?? false;
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const delays = options.retryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
  const userAgent = options.userAgent ?? "idea-explorer-webhook/1";
  const transport: WebhookTransport =
    options.transport ??
    (async (url, body, post) =>
      postWebhook(await checkWebhookTarget(url, { lookup, allowPrivate }), body, post));

  return {
    async deliver(target, body, signal = new AbortController().signal) {
      const text = JSON.stringify(body);
      const headers: Record<string, string> = {
        "Content-Type": "application/json",
        "User-Agent": userAgent,
        "X-Idea-Explorer-Event": body.event,
        // Lets a receiver drop a repeat (delivery is at-least-once across a crash).
        "X-Idea-Explorer-Delivery": `${body.job_id}:${body.event}`,
      };
      if (target.secret) headers[SIGNATURE_HEADER] = signWebhookBody(text, target.secret);

      let attempts = 0;
      for (;;) {
        attempts += 1;
        try {
          await transport(target.url, text, { headers, timeoutMs, signal });
          return { status: "delivered", attempts };
        } catch (error) {
          signal.throwIfAborted();
          const failure =
            error instanceof WebhookError
              ? error
              : new WebhookError("unexpected delivery error", { retryable: false });
          const wait = delays[attempts - 1];
          if (!failure.retryable || wait === undefined) {
            const tries = attempts === 1 ? "" : ` (after ${attempts} attempts)`;
            return { status: "failed", attempts, reason: `${failure.message}${tries}` };
          }
          await sleep(wait, signal);
        }
      }
    },
  };
}
