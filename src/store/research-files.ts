import { enforcePolicy } from "../sandbox/path-policy.ts";
import { parseRelativePath } from "../sandbox/relative-path.ts";
import { isSandboxError } from "../sandbox/sandbox-error.ts";
import { StoreError } from "./research-reader.ts";
import type { ResearchFile } from "./research-store.ts";

/**
 * The largest file a store commits, and so the largest it reads back (16 MiB). A file over it
 * is refused before anything is written: committed, it could never be read again, and every
 * later run of that idea would fail.
 */
export const MAX_STORED_FILE_BYTES = 16 * 1024 * 1024;

/**
 * Checks a batch before anything is written, so a bad second file never leaves the first one
 * written. Both stores apply the sandbox's write rules (relative, no `..`, no dot-entries or
 * secret names): a GitHub commit must not be able to add `.github/workflows/*` either.
 * Each content must fit MAX_STORED_FILE_BYTES. Returns the canonical paths, in order.
 */
export function checkResearchFiles(files: readonly ResearchFile[]): string[] {
  const seen = new Set<string>();
  return files.map((file) => {
    if (typeof file.content !== "string") {
      throw new StoreError(`The content for ${JSON.stringify(file.path)} must be text`);
    }
    let path: string;
    try {
      const segments = parseRelativePath(file.path);
      enforcePolicy(segments, "write", file.path);
      path = segments.join("/");
    } catch (error) {
      throw new StoreError(isSandboxError(error) ? error.message : "Invalid file path");
    }
    if (seen.has(path)) throw new StoreError(`${JSON.stringify(path)} is listed twice`);
    const bytes = Buffer.byteLength(file.content, "utf8");
    if (bytes > MAX_STORED_FILE_BYTES) {
      throw new StoreError(
        `${path} is too large to store: ${bytes} bytes (the limit is ${MAX_STORED_FILE_BYTES} bytes); nothing was committed`,
      );
    }
    seen.add(path);
    return path;
  });
}
