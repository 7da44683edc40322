import { StoreError } from "./research-reader.ts";

export interface IdeaLockOptions {
  /** Wait for another run of the idea to end (true), or fail at once with IdeaBusyError. */
  wait: boolean;
  /** Stops waiting (the lock is then not taken). */
  signal?: AbortSignal;
  /** Called once, when another run holds the idea and this one starts to wait. */
  onWait?: (holder: string) => void;
}

export interface IdeaLock {
  /** Lets the next run of the idea go ahead. Safe to call twice. */
  release(): Promise<void>;
  /** One line when the lock of a run that died was taken over. */
  readonly tookOver?: string;
}

/** The idea is being explored by another run and the caller asked not to wait. */
export class IdeaBusyError extends StoreError {
  constructor(holder: string) {
    super(
      `this idea is already being explored by ${holder}; run it again when that run has ended, or leave out --no-wait to wait for it`,
      { status: 409 },
    );
    this.name = "IdeaBusyError";
  }
}

/**
 * Idea locks within one process, for stores that have no shared place to keep a lock file
 * (GitHub): two requests of one idea in one server or MCP session run one after the other.
 * Across machines the commit's re-check on the branch head is what prevents a second folder.
 */
export function createProcessIdeaLocks(): (
  fingerprint: string,
  options: IdeaLockOptions,
) => Promise<IdeaLock> {
  const held = new Map<string, Promise<void>>();
  return async (fingerprint, options) => {
    let announced = false;
    for (;;) {
      const current = held.get(fingerprint);
      if (!current) break;
      if (!options.wait) throw new IdeaBusyError("another run in this process");
      if (!announced) options.onWait?.("another run in this process");
      announced = true;
      await abortable(current, options.signal);
    }
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    held.set(fingerprint, done);
    return {
      async release() {
        if (held.get(fingerprint) === done) held.delete(fingerprint);
        release();
      },
    };
  };
}

/** Waits for `promise` unless `signal` aborts first (then throws the signal's reason). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
