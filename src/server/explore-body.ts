import { isIP } from "node:net";
import { z } from "zod";
import { type ExploreRequest, exploreRequestSchema } from "../config/explore-request.ts";
import { fromWireNames, WIRE_NAMES } from "../config/wire-names.ts";
import type { WebhookTarget } from "../jobs/job-record.ts";
import { parseWebhookUrl } from "../jobs/webhook/webhook-target.ts";
import { isMetadataOrLinkLocal, isPublicAddress } from "../net/address-policy.ts";
import { isLoopbackHost } from "./loopback.ts";

const request = exploreRequestSchema.shape;

/** The fields of POST /api/explore's body; the refresh routes take the limits among them. */
export const exploreBodyShape = {
  idea: request.idea,
  mode: request.mode,
  model: request.model,
  context: request.context,
  update: request.update,
  force: request.force,
  continue_from: request.continueFrom,
  depth: request.depth,
  parallel: request.parallel,
  webhook_url: z
    .string({ error: "must be text" })
    .trim()
    .max(2_048, "must be at most 2,048 characters")
    .superRefine((value, ctx) => {
      try {
        parseWebhookUrl(value);
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: (error as Error).message.replace(/^webhook_url /, ""),
        });
      }
    })
    .optional(),
  callback_secret: z
    .string({ error: "must be text" })
    .min(1, "must not be empty")
    .max(512, "must be at most 512 characters")
    .optional(),
  collect_tool_stats: request.collectToolStats,
  timeout_seconds: request.timeoutSeconds,
  max_cost_usd: request.maxCostUsd,
  web_fetch: request.webFetch,
  max_fetches: request.maxFetches,
  max_fetches_per_step: request.maxFetchesPerStep,
  max_page_chars: request.maxPageChars,
  fetch_allow_hosts: request.fetchAllowHosts,
  fetch_deny_hosts: request.fetchDenyHosts,
  check_claims: request.checkClaims,
  check_model: request.checkModel,
  language: request.language,
};

/** The body's fields, named in the answer to an unknown one. */
const BODY_FIELDS = Object.keys(exploreBodyShape);

/**
 * The body of POST /api/explore. Field rules come from the one explore request schema (shared with
 * the CLI); this adds the API's snake_case names and the webhook fields. Unknown keys are refused
 * so a misspelt option ("continueFrom") is an error, not silently ignored.
 */
export const exploreBodySchema = z
  .strictObject(exploreBodyShape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `unknown field ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}; allowed: ${BODY_FIELDS.join(", ")}`
        : "must be a JSON object",
  })
  .refine((body) => body.callback_secret === undefined || body.webhook_url !== undefined, {
    path: ["callback_secret"],
    message: "needs webhook_url (the secret signs webhook deliveries)",
  });

export type ExploreBody = z.output<typeof exploreBodySchema>;

export function toExploreRequest(
  body: Readonly<Record<string, unknown>>,
): z.ZodSafeParseResult<ExploreRequest> {
  // The webhook fields are not the request's: the (non-strict) request schema leaves them out.
  const parsed = exploreRequestSchema.safeParse(fromWireNames(body));
  if (parsed.success) return parsed;
  // A rule across fields names one by the request's name: answered in the body's.
  const issues = parsed.error.issues.map((issue) => ({
    ...issue,
    path: issue.path.map((key) => (typeof key === "string" ? (WIRE_NAMES[key] ?? key) : key)),
  }));
  return { success: false, error: new z.ZodError(issues) as z.ZodError<ExploreRequest> };
}

export function toWebhookTarget(body: {
  webhook_url?: string | undefined;
  callback_secret?: string | undefined;
}): WebhookTarget | undefined {
  return body.webhook_url === undefined
    ? undefined
    : { url: body.webhook_url, secret: body.callback_secret };
}

/**
 * A target that can never be delivered to (a private IP literal, or localhost, which resolves to
 * loopback by definition) is refused at submit time, so the user learns at once; other host names
 * are checked after DNS resolution at delivery.
 */
export function literalPrivateTarget(webhookUrl: string): boolean {
  const host = new URL(webhookUrl).hostname.replace(/^\[(.*)\]$/, "$1");
  if (isLoopbackHost(host)) return true;
  return isIP(host) !== 0 && !isPublicAddress(host);
}

/** A link-local or cloud metadata IP literal: refused whatever private targets are allowed. */
export function literalMetadataTarget(webhookUrl: string): boolean {
  const host = new URL(webhookUrl).hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(host) !== 0 && isMetadataOrLinkLocal(host);
}
