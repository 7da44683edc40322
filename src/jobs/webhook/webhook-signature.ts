import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "X-Signature";

/**
 * `X-Signature: sha256=<hex>`, where <hex> is the lowercase hex HMAC-SHA256 of the exact request
 * body bytes (UTF-8 JSON) keyed with the job's callback_secret. Receivers must verify against the
 * raw body, before parsing it.
 */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/** Receiver side, timing-safe; exported for receivers written in TypeScript and for tests. */
export function verifyWebhookSignature(
  body: string,
  header: string | null | undefined,
  secret: string,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWebhookBody(body, secret), "utf8");
  const given = Buffer.from(header.trim(), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
