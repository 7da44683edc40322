/** Why a web search failed, for logs and stats (`errorType`); the message says what to do. */
export type SearchErrorKind =
  | "auth"
  | "rate_limit"
  | "quota"
  | "server"
  | "bad_request"
  | "bad_response"
  | "timeout"
  | "aborted"
  | "network";

/**
 * A web search failure whose message is safe to show a model or a user: one line, the backend's
 * name, what went wrong and what to check. It never contains an API key or a response body dump.
 */
export class SearchError extends Error {
  override readonly name = "SearchError";
  readonly kind: SearchErrorKind;
  readonly status: number | undefined;

  constructor(kind: SearchErrorKind, message: string, status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}
