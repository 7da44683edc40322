import { sandboxErrors } from "./sandbox-error.ts";
import { isDotName, isSecretName } from "./secret-names.ts";

/**
 * Which names an operation may touch. Reads refuse secrets; writes refuse secrets and every
 * dot-entry, because a written `.git/hooks/*`, `.github/workflows/*` or `.vscode/settings.json`
 * would run code later without anyone reviewing it.
 */
export type PathPolicy = "read" | "write";

/**
 * Throws `denied` when any segment is off limits under the policy. Called on the segments the
 * caller gave AND on the root-relative segments of what they resolve to, so a link named
 * `notes` pointing at `.env` is refused too.
 */
export function enforcePolicy(segments: readonly string[], policy: PathPolicy, rel: string): void {
  for (const segment of segments) {
    if (policy === "write" && (isDotName(segment) || isSecretName(segment))) {
      throw sandboxErrors.hiddenWrite(rel);
    }
    if (policy === "read" && isSecretName(segment)) {
      throw sandboxErrors.protectedFile(rel);
    }
  }
}
