export type NetErrorKind =
  | "invalid_url"
  | "unsupported_scheme"
  | "credentials_in_url"
  | "private_address"
  | "metadata_address"
  | "dns_failure"
  | "too_many_redirects"
  | "bad_redirect"
  | "unsupported_encoding"
  | "connection_failed";

/**
 * A refused or failed outbound request. The message is one line that names the host at most,
 * never the path or query (they may carry a token), so callers can show it to a model or a user.
 */
export class NetError extends Error {
  override readonly name = "NetError";
  readonly kind: NetErrorKind;

  constructor(kind: NetErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export function isNetError(error: unknown): error is NetError {
  return error instanceof NetError;
}

/**
 * A connection that failed, by host and code (ECONNREFUSED, CERT_HAS_EXPIRED, ...): the code says
 * what happened, while an error's message may hold paths or internals.
 */
export function connectionFailed(url: URL, code: unknown): NetError {
  const known = typeof code === "string" && /^[A-Z0-9_]{1,40}$/.test(code) ? code : undefined;
  return new NetError(
    "connection_failed",
    `${url.hostname} could not be reached (${known ?? "network error"})`,
  );
}
