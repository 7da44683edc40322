import { enforcePolicy } from "../sandbox/path-policy.ts";
import { parseRelativePath } from "../sandbox/relative-path.ts";
import { isSandboxError } from "../sandbox/sandbox-error.ts";
import { StoreError } from "./research-reader.ts";
import type { ResearchFile } from "./research-store.ts";

/**
 * Checks a batch before anything is written, so a bad second file never leaves the first one
 * written. Both stores apply the sandbox's write rules (relative, no `..`, no dot-entries or
 * secret names): a GitHub commit must not be able to add `.github/workflows/*` either.
 * Returns the canonical paths, in order.
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
    seen.add(path);
    return path;
  });
}
