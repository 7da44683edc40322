import { onStopSignal, type StopSignal } from "../interrupted.ts";

/**
 * Routes Ctrl+C (when stdin is not a terminal, it arrives as a signal), `kill` and a closed
 * terminal to a clean end of the session instead of an abrupt exit, so the summary of written
 * files is still printed. SIGINT and SIGTERM are told to `end` (the session then exits 130 or
 * 143, like explore; a second Ctrl+C ends it at once); a closed terminal (SIGHUP) just ends it.
 * Returns the unsubscribe that restores the default behaviour.
 */
export function processInterrupts(end: (signal?: StopSignal) => void): () => void {
  const hangUp = () => end();
  process.on("SIGHUP", hangUp);
  const stopListening = onStopSignal(end);
  return () => {
    process.off("SIGHUP", hangUp);
    stopListening();
  };
}
