import { isSandboxError, type SandboxErrorCode } from "../../sandbox/sandbox-error.ts";
import { SandboxRootError } from "../../sandbox/sandbox-root.ts";
import { StoreError } from "../research-reader.ts";

/** HTTP-like statuses, so callers classify a local failure the way they classify GitHub's. */
const STATUS: Partial<Record<SandboxErrorCode, number>> = {
  not_found: 404,
  invalid_path: 400,
  denied: 403,
  outside_root: 403,
  hard_linked: 403,
  too_large: 413,
};

/**
 * A StoreError from a sandbox failure. Sandbox messages are fixed texts naming only the
 * repository-relative path, so they pass through; anything else is summarized, because an OS
 * error's text carries host paths.
 */
export function storeErrorFromSandbox(error: unknown, fallback: string): StoreError {
  if (error instanceof StoreError) return error;
  if (isSandboxError(error)) {
    const status = STATUS[error.code];
    return new StoreError(error.message, status === undefined ? {} : { status });
  }
  if (error instanceof SandboxRootError) return new StoreError(error.message);
  return new StoreError(fallback);
}
