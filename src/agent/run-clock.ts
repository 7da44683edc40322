import { AgentError } from "./agent-error.ts";

/** The reason the run's own deadline aborts with, distinct from a tool's TimeoutError. */
class RunDeadline extends Error {
  override readonly name = "RunDeadline";
}

/**
 * The whole run's deadline, merged with the caller's abort signal. `explain` names which of
 * the two ended a failed run, so the user reads "did not finish within 10 min" or
 * "cancelled" rather than a bare AbortError.
 */
export function startRunClock(timeoutMs: number, callerSignal: AbortSignal | undefined) {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new RunDeadline()), timeoutMs);
  timer.unref?.();
  const signal = callerSignal ? AbortSignal.any([callerSignal, deadline.signal]) : deadline.signal;
  return {
    signal,
    stop: () => clearTimeout(timer),
    explain: (): AgentError | undefined => {
      if (deadline.signal.aborted) {
        return new AgentError(
          "timeout",
          `The agent run did not finish within ${duration(timeoutMs)}, its time limit (raise it with --timeout, or timeout_seconds in the API)`,
        );
      }
      if (callerSignal?.aborted) return new AgentError("aborted", "The agent run was cancelled");
      return undefined;
    },
  };
}

function duration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}
