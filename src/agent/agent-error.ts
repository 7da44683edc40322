import { AISDKError, APICallError, type LanguageModel, RetryError } from "ai";
import { oneLine } from "../config/one-line.ts";
import { redactSecretShapesOnly } from "../config/redactor.ts";
import { ModelRequestTimeoutError } from "../models/request-deadline.ts";

export type AgentErrorKind =
  | "overloaded"
  | "rate_limited"
  | "server_error"
  | "authentication"
  | "permission"
  | "not_found"
  | "bad_request"
  | "network"
  | "timeout"
  | "aborted"
  | "empty_report"
  | "invalid_options"
  | "model_error"
  /** Not the model's failure but a bug of ours (e.g. in a prepareStep): details in `cause` only. */
  | "unexpected";

/**
 * A run that could not produce a report. The message is one line a user can act on (what
 * failed, after how many attempts, what to check), with no stack, host path or secret;
 * `kind` lets callers decide (e.g. a job queue may retry "overloaded" later).
 */
export class AgentError extends Error {
  override readonly name = "AgentError";
  readonly kind: AgentErrorKind;
  /** The HTTP status of the model API's last answer, when there was one. */
  readonly status: number | undefined;

  constructor(
    kind: AgentErrorKind,
    message: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
  }
}

/** "Anthropic API", "ollama API": how messages name the service that failed. */
export function apiLabel(model: LanguageModel): string {
  if (typeof model === "string") return "model API";
  const provider = model.provider.split(".")[0] ?? model.provider;
  return provider === "anthropic" ? "Anthropic API" : `${provider} API`;
}

/** Turns what generateText threw into one clear AgentError. */
export function toAgentError(error: unknown, api: string): AgentError {
  if (error instanceof AgentError) return error;
  const attempts = RetryError.isInstance(error) ? error.errors.length : 1;
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (last instanceof ModelRequestTimeoutError) {
    return new AgentError("timeout", last.message, { cause: error });
  }
  if (!APICallError.isInstance(last)) {
    // The SDK's own errors (no output, an unparsable answer) describe the model's reply; any
    // other error is ours, and its message may hold host paths, so it stays in `cause`.
    return AISDKError.isInstance(last)
      ? new AgentError("model_error", `${api} call failed: ${detailOf(messageOf(last))}`, {
          cause: error,
        })
      : new AgentError(
          "unexpected",
          `the run failed on an unexpected error (set DEBUG=1 for details)`,
          {
            cause: error,
          },
        );
  }
  const status = last.statusCode;
  const detail = detailOf(last.message);
  const tries = attempts > 1 ? ` after ${attempts} attempts` : "";
  const fail = (kind: AgentErrorKind, text: string) =>
    new AgentError(kind, text, { cause: error, ...(status === undefined ? {} : { status }) });

  if (status === undefined) {
    return fail("network", `Could not reach the ${api}${tries}: ${detail}`);
  }
  // A success status with an unreadable body: the answer began, then the connection broke.
  if (status >= 200 && status < 300) {
    return fail(
      "network",
      `The answer of the ${api} was cut off before it was complete (the connection broke)${tries}; try again`,
    );
  }
  if (status === 529) return fail("overloaded", `${api} overloaded (529)${tries}; try again later`);
  if (status === 429) {
    return fail("rate_limited", `${api} rate limit reached (429)${tries}: ${detail}`);
  }
  if (status >= 500)
    return fail("server_error", `${api} server error (${status})${tries}: ${detail}`);
  if (status === 401) {
    return fail("authentication", `${api} rejected the API key (401): ${detail}; check the key`);
  }
  if (status === 403) return fail("permission", `${api} refused the request (403): ${detail}`);
  if (status === 404) {
    return fail("not_found", `${api} does not know this model or endpoint (404): ${detail}`);
  }
  return fail("bad_request", `${api} rejected the request (${status}): ${detail}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const MAX_DETAIL = 300;

/**
 * Provider messages may span lines or be huge; a user-facing line must not. A provider may also
 * echo the key it was sent, and the surfaces mask the keys they know, but only whole: so a long
 * message is cut before the word that does not fit, never inside it, and keys recognisable by
 * their shape are masked here already.
 */
function detailOf(text: string): string {
  const line = oneLine(redactSecretShapesOnly(text));
  if (line.length <= MAX_DETAIL) return line || "no details";
  const space = line.lastIndexOf(" ", MAX_DETAIL - 1);
  return space > 0 ? `${line.slice(0, space)} …` : "a reply too long to show";
}
