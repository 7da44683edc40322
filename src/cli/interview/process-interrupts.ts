const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Routes Ctrl+C (when stdin is not a terminal, it arrives as a signal), `kill` and a closed
 * terminal to a clean end of the session instead of an abrupt exit, so the summary of written
 * files is still printed. Returns the unsubscribe that restores the default behaviour.
 */
export function processInterrupts(end: () => void): () => void {
  for (const signal of SIGNALS) process.on(signal, end);
  return () => {
    for (const signal of SIGNALS) process.off(signal, end);
  };
}
