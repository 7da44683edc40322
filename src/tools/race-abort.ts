/**
 * Settles with `work`, or rejects with the signal's reason as soon as it aborts: a search
 * function or a DNS lookup that ignores its signal must not hold a step past the timeout.
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
