import type { AgentError, AgentErrorKind } from "../../agent/agent-error.ts";

// Rejected credentials, a forbidden account or an unknown model fail every later turn the same way.
const UNRECOVERABLE: ReadonlySet<AgentErrorKind> = new Set([
  "authentication",
  "permission",
  "not_found",
]);

/**
 * True when a failed turn's error means no later turn can succeed, so the session should end
 * instead of asking the user to try again. Rate limits, overload and network errors are worth
 * another turn.
 */
export function isUnrecoverableModelError(error: AgentError): boolean {
  return UNRECOVERABLE.has(error.kind);
}
