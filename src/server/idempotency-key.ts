import { createHash } from "node:crypto";
import type { IdempotencyKey } from "../jobs/job-record.ts";
import { ApiError } from "./api-error.ts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

const VALID_KEY = /^[\x20-\x7e]{1,200}$/;

/**
 * The Idempotency-Key a POST came with (undefined without the header), paired with a hash of its
 * validated body (exploreBodySchema's output): the same key with the same request answers with
 * the same job, the same key with another request is refused. Only the hash is stored, never the
 * body (it may hold a callback secret).
 */
export function readIdempotencyKey(
  header: string | undefined,
  body: Record<string, unknown>,
): IdempotencyKey | undefined {
  if (header === undefined) return undefined;
  if (!VALID_KEY.test(header)) {
    const message = "must be 1 to 200 printable ASCII characters";
    throw new ApiError(400, "invalid_request", `${IDEMPOTENCY_HEADER} header ${message}`, {
      details: [{ path: IDEMPOTENCY_HEADER, message }],
    });
  }
  return { key: header, requestHash: hashRequest(body) };
}

/**
 * The validated body lists its fields in the schema's order, with defaults filled in and text
 * trimmed, so the client's key order and spacing do not change the hash.
 */
function hashRequest(body: Record<string, unknown>): string {
  return createHash("sha256").update(JSON.stringify(body)).digest("hex");
}
