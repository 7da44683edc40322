/**
 * Secrets recognised by their shape alone, for text that holds a key nobody configured here (a
 * gateway echoing a header, a proxy repeating a URL). Each pattern keeps what names the secret
 * ("Bearer ", "x-api-key: ", "?token=") and replaces only the value, so a message still says
 * which credential was involved. Values stop at quotes, backslashes and angle brackets, so a
 * replacement never crosses JSON or HTML syntax.
 */
export const REDACTED = "[redacted]";

type Replacer = (text: string) => string;

/** Vendors' key formats: long enough after the prefix that no word or id looks like one. */
const VENDOR_KEYS = [
  /\bsk-[A-Za-z0-9_-]{16,}/g, // Anthropic (sk-ant-…) and OpenAI-style keys
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g, // GitHub tokens: personal, OAuth, user, server, refresh
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g, // GitHub fine-grained personal access tokens
  /\btvly-[A-Za-z0-9_-]{16,}/g, // Tavily
];

/** `user:password@` (or a bare token as user) in any URL. */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>\\]+@/gi;

/**
 * A query parameter whose name says it holds a credential: ?api_key=…, &token=…, &sig=…; like a
 * URL in prose, its value does not take the punctuation after it.
 */
const SECRET_QUERY_PARAM =
  /([?&][\w.-]*?(?:key|token|secret|password|passwd|sig|signature|auth|credential))=[^&#\s"'<>\\]*[^&#\s"'<>\\.,;:!?)]/gi;

/**
 * A header or field holding a credential, as an echo writes it: `x-api-key: …`, `"api_key":"…"`,
 * `Authorization: Bearer …`, `password=…`. The name must end in one of these words (so
 * `max_tokens: 5` is left alone) and the value must look like a key, 8 characters or more with
 * a digit among them: our own messages name settings the same way ("GITHUB_TOKEN: must be set").
 */
const SECRET_FIELD =
  /\b([\w-]*(?:api[-_]?key|apikey|token|secret|password|passwd|authorization|credentials?)["']?\s*[:=]\s*["']?)(?!\[redacted\])(?:(?:Bearer|Basic|Token)\s+)?(?=[^\s"'<>\\,;&}]*\d)[^\s"'<>\\,;&}]{8,}/gi;

/** A bearer value on its own, as in `… sent Bearer abc123…` (with a digit: not "Bearer authentication"). */
const BEARER = /\b(Bearer\s+)(?=[A-Za-z._~+/-]*\d)[A-Za-z0-9._~+/-]{8,}=*/g;

const SHAPES: Replacer[] = [
  (text) => text.replace(URL_USERINFO, `$1${REDACTED}@`),
  (text) => text.replace(SECRET_QUERY_PARAM, `$1=${REDACTED}`),
  ...VENDOR_KEYS.map((pattern) => (text: string) => text.replace(pattern, REDACTED)),
  (text) => text.replace(BEARER, `$1${REDACTED}`),
  (text) => text.replace(SECRET_FIELD, `$1${REDACTED}`),
];

/** Replaces every secret-shaped value in `text`. */
export function redactSecretShapes(text: string): string {
  return SHAPES.reduce((result, replace) => replace(result), text);
}
