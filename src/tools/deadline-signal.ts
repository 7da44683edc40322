/** An abort signal for one tool call: its own deadline, or the run's signal, whichever is first. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** True when the deadline (not the run) aborted the call. */
  readonly timedOut: boolean;
  /** Clears the timer and the listener; call it when the call has settled. */
  dispose(): void;
}

/**
 * One controller, one timer and one listener instead of `AbortSignal.any` over
 * `AbortSignal.timeout`: the composite signal keeps weak references and costs a measurable
 * share of a tool call (bench/agent-overhead.bench.ts), and its timer outlives the call.
 */
export function startDeadline(ms: number, parent: AbortSignal | undefined): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const onParentAbort = () => controller.abort(parent?.reason);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`timed out after ${ms} ms`, "TimeoutError"));
  }, ms);
  timer.unref?.();
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
