import { APICallError, RetryError } from "ai";

// Rejected credentials, a forbidden account or an unknown model fail every later turn the same way.
const UNRECOVERABLE_STATUS = new Set([401, 403, 404]);

/**
 * True when a failed turn's error means no later turn can succeed, so the session should end
 * instead of asking the user to try again. Rate limits, overload and network errors are worth
 * another turn.
 */
export function isUnrecoverableModelError(error: unknown): boolean {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  return APICallError.isInstance(cause) && UNRECOVERABLE_STATUS.has(cause.statusCode ?? 0);
}
