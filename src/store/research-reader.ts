/**
 * Reads one repository path and answers the way GitHub's Contents API does: a file object
 * (`{ type: "file", path, size, encoding: "base64", content }`), an array for a directory, or a
 * `symlink` / `submodule` object. The answer is untrusted: callers validate its shape.
 * Failures throw a {@link StoreError}; `status: 404` means the path does not exist.
 */
export interface ResearchReader {
  getContent(repoPath: string, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/** A store failure with what a caller needs to classify it, and a message safe to show. */
export class StoreError extends Error {
  readonly status: number | undefined;
  readonly rateLimited: boolean;
  readonly retryAfterSeconds: number | undefined;
  /** The store could not be reached at all (a network failure: no answer, no status). */
  readonly unreachable: boolean;

  constructor(
    message: string,
    options: {
      status?: number;
      rateLimited?: boolean;
      retryAfterSeconds?: number;
      unreachable?: boolean;
    } = {},
  ) {
    super(message);
    this.name = "StoreError";
    this.status = options.status;
    this.rateLimited = options.rateLimited ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.unreachable = options.unreachable ?? false;
  }

  /** A failure that may pass by itself (rate limit, network, 5xx): worth trying again later. */
  get transient(): boolean {
    return this.rateLimited || this.unreachable || (this.status ?? 0) >= 500;
  }
}
