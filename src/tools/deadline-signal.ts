/** An abort signal for one tool call: its own deadline, or the run's signal, whichever is first. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** True when the deadline (not the run) aborted the call. */
  readonly timedOut: boolean;
  /** Clears the timer and the listener; call it when the call has settled. */
  dispose(): void;
}

export interface DeadlineOptions {
  /** What the signal aborts with on the deadline (default a "TimeoutError" DOMException). */
  reason?: () => unknown;
  /**
   * Let the process exit while only this timer is pending (default true). A caller that races
   * work which may hold no handle of its own (the agent's per-call limit) keeps it, so the
   * deadline still fires.
   */
  unref?: boolean;
}

/**
 * One controller, one timer and one listener instead of `AbortSignal.any` over
 * `AbortSignal.timeout`: the composite signal keeps weak references and costs a measurable
 * share of a tool call (bench/agent-overhead.bench.ts), and its timer outlives the call.
 * The parent's abort is forwarded with the parent's reason.
 */
export function startDeadline(
  ms: number,
  parent: AbortSignal | undefined,
  options: DeadlineOptions = {},
): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const onParentAbort = () => controller.abort(parent?.reason);
  const reason =
    options.reason ?? (() => new DOMException(`timed out after ${ms} ms`, "TimeoutError"));
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(reason());
  }, ms);
  if (options.unref ?? true) timer.unref?.();
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener("abort", onParentAbort, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      clearTimeout(timer);
      parent?.removeEventListener("abort", onParentAbort);
    },
  };
}
