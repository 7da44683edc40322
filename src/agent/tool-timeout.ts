import type { ToolExecutionOptions, ToolSet } from "ai";
import { startDeadline } from "../tools/deadline-signal.ts";
import { raceAbort } from "../tools/race-abort.ts";

/** What the model reads when a tool overran its time: it can try something else. */
export class ToolTimeoutError extends Error {
  override readonly name = "ToolTimeoutError";
}

/**
 * Enforces the per-call time limit on every client tool. The tool receives an abort signal
 * that fires on its own deadline or when the run ends (so a search's fetch is cancelled), and
 * the call is raced against that signal, so even a tool that ignores its signal cannot hold
 * the step. On its deadline the model gets a ToolTimeoutError as a tool-error and the loop
 * goes on; on the run's abort, the run's reason propagates.
 *
 * Done here rather than with the SDK's `timeout.toolMs`, which only aborts the signal and
 * builds an `AbortSignal.any` + `AbortSignal.timeout` pair per call: the measurable part of
 * the runner's overhead (bench/agent-overhead.bench.ts).
 */
export function withToolTimeouts(tools: ToolSet, timeoutMs: number): ToolSet {
  const wrapped: ToolSet = {};
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute;
    wrapped[name] =
      typeof execute !== "function"
        ? tool
        : ({
            ...tool,
            execute: (input: unknown, options: ToolExecutionOptions<unknown>) =>
              runWithDeadline(name, timeoutMs, options, (signal) =>
                execute(input, { ...options, abortSignal: signal }),
              ),
          } as ToolSet[string]);
  }
  return wrapped;
}

function runWithDeadline<T>(
  name: string,
  timeoutMs: number,
  options: ToolExecutionOptions<unknown>,
  call: (signal: AbortSignal) => T,
): T | Promise<Awaited<T>> {
  // Kept referenced: a stuck tool may hold no handle, and the step must still move on.
  const deadline = startDeadline(timeoutMs, options.abortSignal, {
    reason: () => new ToolTimeoutError(`${name} did not finish within ${seconds(timeoutMs)}`),
    unref: false,
  });
  let result: T;
  try {
    result = call(deadline.signal);
  } catch (error) {
    deadline.dispose();
    throw error;
  }
  if (!isPromiseLike(result)) {
    deadline.dispose(); // a value, or a streaming tool's iterable, which the SDK drives itself
    return result;
  }
  return raceAbort(Promise.resolve(result as PromiseLike<Awaited<T>>), deadline.signal).finally(
    () => deadline.dispose(),
  );
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
