/** A GitHub request that got no whole answer within the per-request timeout. */
export class GitHubTimeoutError extends Error {
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`GitHub did not answer within ${timeoutMs} ms`);
    // Not "AbortError": @octokit/request rethrows an AbortError as is, and the retry plugin
    // never retries it. Any other name becomes a status-500 RequestError, retried like a
    // network failure, with this error as its `cause`.
    this.name = "GitHubTimeoutError";
    this.timeoutMs = timeoutMs;
  }
}

/** Node's timers hold at most this; a longer one fires after 1 ms (TimeoutOverflowWarning). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A fetch for Octokit's `request.fetch` that gives every attempt `timeoutMs` for its WHOLE
 * answer, body included: @octokit/request swallows an error while reading a JSON body and
 * returns the text read so far, so a body that stalls must fail here, before Octokit reads it.
 *
 * A caller's own signal still cancels, always as an AbortError (whatever reason it was aborted
 * with), so the retry plugin does not send a cancelled request again.
 */
export function fetchWithTimeout(
  timeoutMs: number,
  baseFetch: typeof fetch = globalThis.fetch,
): typeof fetch {
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMER_MS) {
    throw new RangeError(`requestTimeoutMs must be a whole number from 1 to ${MAX_TIMER_MS}`);
  }
  return async (input, init = {}) => {
    const caller = init.signal ?? undefined;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = caller ? AbortSignal.any([caller, deadline]) : deadline;
    try {
      const response = await baseFetch(input, { ...init, signal });
      return await buffered(response);
    } catch (error) {
      if (caller?.aborted) throw asAbortError(caller.reason);
      if (deadline.aborted) throw new GitHubTimeoutError(timeoutMs);
      throw error;
    }
  };
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** The same answer with its body already read. */
async function buffered(response: Response): Promise<Response> {
  const body = await response.arrayBuffer();
  const copy = new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(copy, "url", { value: response.url });
  return copy;
}

function asAbortError(reason: unknown): Error {
  if (reason instanceof Error && reason.name === "AbortError") return reason;
  return new DOMException("The GitHub request was cancelled", "AbortError");
}
