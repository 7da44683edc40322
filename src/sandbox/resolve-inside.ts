import { realpath } from "node:fs/promises";
import path from "node:path";
import { segmentsInside } from "./containment.ts";
import { errnoCode } from "./errno.ts";
import { enforcePolicy, type PathPolicy } from "./path-policy.ts";
import { sandboxErrors } from "./sandbox-error.ts";
import type { SandboxRoot } from "./sandbox-root.ts";

export interface Resolved {
  /** The realpath (a host path: never put it in a message). */
  real: string;
  /** Its segments relative to the root; `[]` is the root itself. */
  segments: string[];
}

/**
 * Resolves every link in root/segments and checks the result is inside the root and allowed by
 * the policy. Returns undefined only when something does not exist (ENOENT, which includes a
 * dangling link); any other failure is an error — never "probably a new file", the mistake
 * that let the MCP filesystem server follow links out (CVE-2025-53109).
 */
export async function resolveInside(
  root: SandboxRoot,
  segments: readonly string[],
  rel: string,
  policy: PathPolicy,
): Promise<Resolved | undefined> {
  let real: string;
  try {
    real = await realpath(path.join(root.realPath, ...segments));
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ENOENT") return undefined;
    if (code === "ELOOP") throw sandboxErrors.outsideRoot(rel);
    if (code === "ENOTDIR") throw sandboxErrors.fileOnPath(rel);
    throw policy === "write" ? sandboxErrors.writeFailed(rel) : sandboxErrors.unreadable(rel);
  }
  const inside = segmentsInside(root.realPath, real);
  if (inside === undefined) throw sandboxErrors.outsideRoot(rel);
  enforcePolicy(inside, policy, rel);
  return { real, segments: inside };
}
