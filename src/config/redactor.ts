import { REDACTED, redactSecretShapes } from "./secret-shapes.ts";

/** Text with every secret it holds replaced by [redacted]. */
export type Redact = (text: string) => string;

/** The secrets this process was configured with (see configuredSecrets). */
export interface KnownSecrets {
  /** Keys, tokens, passwords: replaced wherever they occur. */
  values: readonly string[];
  /** Addresses set by the user: their user:password@ and their query are secrets too. */
  urls: readonly string[];
}

/**
 * A value shorter than this is not replaced by its text: a 4-letter key would turn every "test"
 * in a message into [redacted]. Short secrets are still caught where their shape gives them away
 * (Bearer …, x-api-key: …, ?token=…, user:pass@), and serve refuses to start with an API token or
 * webhook secret this short.
 */
export const MIN_SECRET_LENGTH = 8;

/**
 * The one redactor: built once at the edge from the secrets configured there, applied where
 * error text leaves the process (terminal lines, job records, webhook bodies, issue comments,
 * MCP results, the server log). It replaces (1) each known value, also URL-encoded, (2) the
 * userinfo and query of any URL on a configured host, and (3) secrets recognised by shape
 * (vendor key prefixes, Bearer values, credential-named fields and query parameters, userinfo).
 */
export function createRedactor(known: KnownSecrets): Redact {
  const hosts = new Set<string>();
  const values = new Set<string>();
  const addValue = (value: string | undefined) => {
    if (!value || value.trim().length < MIN_SECRET_LENGTH) return;
    values.add(value);
    for (const form of [encodeURIComponent(value), safeDecode(value)]) {
      if (form.length >= MIN_SECRET_LENGTH) values.add(form);
    }
  };
  for (const value of known.values) addValue(value);
  for (const raw of known.urls) {
    const url = parseUrl(raw);
    if (!url) continue;
    hosts.add(url.host.toLowerCase());
    addValue(url.username);
    addValue(url.password);
    if (url.search.length > 1) {
      addValue(url.search);
      addValue(url.search.slice(1));
      for (const value of url.searchParams.values()) addValue(value);
    }
  }
  // Longest first, so a secret that contains another is replaced whole.
  const exact =
    values.size === 0
      ? undefined
      : new RegExp(
          [...values]
            .sort((a, b) => b.length - a.length)
            .map(escapeRegExp)
            .join("|"),
          "g",
        );
  return (text) => {
    // Whole URLs first: their query goes as one piece, "?" kept, before its values are found.
    let result =
      hosts.size > 0 ? text.replace(URL_IN_TEXT, (url) => withoutQuery(url, hosts)) : text;
    if (exact) result = result.replace(exact, REDACTED);
    return redactSecretShapes(result);
  };
}

/** Recognises secrets by shape only: for code that was given no configuration. */
export const redactSecretShapesOnly: Redact = createRedactor({ values: [], urls: [] });

/**
 * Every string in a JSON value redacted (objects and arrays rebuilt, nothing else changed): for
 * job progress and results, which hold upstream text among other fields.
 */
export function redactJson<T>(value: T, redact: Redact): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, redact)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, redactJson(item, redact)]),
    ) as T;
  }
  return value;
}

/** A URL in prose: it ends at a space or quote, and not on the punctuation that follows it. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>\\]*[^\s"'<>\\.,;:!?)]/gi;

/** A URL on a configured host loses its query: the user put a key there, or may have. */
function withoutQuery(url: string, hosts: ReadonlySet<string>): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#]*)/i.exec(url)?.[1];
  if (!authority || !hosts.has(authority.toLowerCase())) return url;
  return url.replace(/\?[^#]*/, `?${REDACTED}`);
}

function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw.trim());
  } catch {
    return undefined;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
