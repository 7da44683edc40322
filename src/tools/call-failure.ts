/** Why a tool call failed: the message the model reads and the `errorType` the log keeps. */
export interface CallFailure {
  message: string;
  errorType: string;
}

/** The call's own deadline and the signal it ran under (a Deadline from deadline-signal.ts fits). */
export interface CallState {
  readonly signal: AbortSignal | undefined;
  readonly timedOut?: boolean;
}

/**
 * Why a tool call failed, decided from the call's state before its error: its own deadline
 * ("timeout"), then a cancelled call ("aborted"), and only then `ownFailure(error)`.
 *
 * A cancelled call cannot be told from its error: the signal rejects with whatever reason the
 * caller aborted with (a plain Error on Ctrl+C, the agent's ToolTimeoutError), not an AbortError,
 * and the tool's own classifier would call it a failed connection or a broken backend.
 */
export function callFailure(
  error: unknown,
  call: CallState,
  said: { timedOut?: string; cancelled: string },
  ownFailure: (error: unknown) => CallFailure,
): CallFailure {
  if (call.timedOut) return { message: said.timedOut ?? said.cancelled, errorType: "timeout" };
  if (call.signal?.aborted) return { message: said.cancelled, errorType: "aborted" };
  return ownFailure(error);
}
