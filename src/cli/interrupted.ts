import { constants } from "node:os";

export type StopSignal = "SIGINT" | "SIGTERM";

/** The shell's convention: 128 + the signal's number (130 for SIGINT, 143 for SIGTERM). */
export function exitCodeFor(signal: StopSignal): number {
  return 128 + constants.signals[signal];
}

/** A command stopped by a signal: one line, and the exit code the shell expects. */
export class Interrupted extends Error {
  override readonly name = "Interrupted";
  readonly exitCode: number;

  constructor(signal: StopSignal, what: string) {
    super(`${signal === "SIGINT" ? "interrupted (Ctrl+C)" : "stopped by SIGTERM"}; ${what}`);
    this.exitCode = exitCodeFor(signal);
  }
}

/**
 * A SIGTERM can arrive twice: sent to a whole process group (timeout, systemd, `kill -- -PGID`)
 * it reaches both the launcher that runs us under the pinned Node and us, and the launcher passes
 * its copy on a moment later (bin/idea-explorer.js waits 1.5 s). A repeat within this window is
 * that copy, not a second request. SIGINT is never passed on, so a second one is the user's.
 */
const DUPLICATE_WINDOW_MS = 3_000;

/**
 * Calls `stop` on the first SIGINT or SIGTERM; a later one (an impatient second Ctrl+C) ends
 * the process at once with its exit code. Returns the unsubscribe.
 */
let firstSigtermAt: number | undefined;

/**
 * Under the older-Node launcher, a process that stopped on a group SIGTERM waits until the
 * launcher's copy of it has come (bin/idea-explorer.js passes it on after
 * IDEA_EXPLORER_LAUNCHER_FORWARD_MS) before it exits: arriving while the process exits, that copy
 * would find no handler and kill it (143 after a clean stop). Its handlers ignore it meanwhile.
 */
export async function outlastForwardedSigterm(env: NodeJS.ProcessEnv): Promise<void> {
  const forwardMs = Number(env.IDEA_EXPLORER_LAUNCHER_FORWARD_MS);
  if (firstSigtermAt === undefined || !(forwardMs > 0)) return;
  const wait = firstSigtermAt + forwardMs + 1_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

export function onStopSignal(stop: (signal: StopSignal) => void): () => void {
  let first: { signal: StopSignal; at: number } | undefined;
  const handlers = (["SIGINT", "SIGTERM"] as const).map((signal) => {
    const handler = () => {
      if (first) {
        const duplicate =
          signal === "SIGTERM" &&
          first.signal === "SIGTERM" &&
          Date.now() - first.at < DUPLICATE_WINDOW_MS;
        if (!duplicate) process.exit(exitCodeFor(signal));
        return;
      }
      first = { signal, at: Date.now() };
      if (signal === "SIGTERM") firstSigtermAt ??= first.at;
      stop(signal);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}
