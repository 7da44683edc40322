import { ApiError } from "./api-error.ts";

/** A full disk is freed by a person: asking clients to come back sooner would only add load. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/**
 * 503 with Retry-After when the job database cannot be used (a full disk, an I/O error): the
 * request was fine and nothing was acknowledged, so the client should simply try again later.
 * `message` names what failed and the storage failure, e.g. "… (disk full); try again later".
 */
export function storageUnavailable(message: string): ApiError {
  return new ApiError(503, "storage_unavailable", message, {
    headers: { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) },
  });
}
