/**
 * How long one model request may go without an answer, and how often it is sent again. A
 * request the server never answers would otherwise wait for Node's own 5 minute header timeout,
 * silently, and then be retried as silently by the SDK.
 */
export interface RequestDeadline {
  /** Until the response's headers arrive (default 5 min: a long non-streamed report needs minutes). */
  timeoutMs: number;
  /** Attempts in all, the first included (default 3). */
  attempts: number;
  /** Told before each new attempt, in one line a person reads. */
  onRetry?: (line: string) => void;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;
export const DEFAULT_REQUEST_ATTEMPTS = 3;

/** A request that got no answer in time on any attempt; not retried again by the SDK. */
export class ModelRequestTimeoutError extends Error {
  override readonly name = "ModelRequestTimeoutError";
}

/**
 * `fetch` with a deadline per attempt. A timed-out attempt is sent again (the body is the same
 * text) after a progress line; the caller's own abort ends it at once. The SDK does not retry
 * the final timeout error (it is neither an abort nor a network error), so the attempts stay
 * the ones announced.
 */
export function fetchWithDeadline(
  deadline: RequestDeadline,
  inner: typeof fetch = globalThis.fetch,
): typeof fetch {
  return async (input, init) => {
    for (let attempt = 1; ; attempt++) {
      const timer = new AbortController();
      const timeout = setTimeout(() => timer.abort(), deadline.timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal, timer.signal]) : timer.signal;
      try {
        return await inner(input, { ...init, signal });
      } catch (error) {
        if (!timer.signal.aborted || init?.signal?.aborted) throw error;
        const waited = seconds(deadline.timeoutMs);
        if (attempt >= deadline.attempts) {
          throw new ModelRequestTimeoutError(
            `the model did not answer within ${waited} (${attempt} attempts); check that its server is running, or allow more time with --request-timeout`,
          );
        }
        deadline.onRetry?.(
          `the model did not answer within ${waited}; retrying, ${attempt + 1} of ${deadline.attempts}`,
        );
      } finally {
        clearTimeout(timeout);
      }
    }
  };
}

function seconds(ms: number): string {
  return ms % 60_000 === 0 && ms >= 120_000
    ? `${ms / 60_000} min`
    : `${Math.round(ms / 100) / 10} s`;
}
