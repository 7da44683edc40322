import { createHash } from "node:crypto";

/** What Anthropic (and most providers) accept as a tool name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX = 64;

/**
 * Names `<server>__<tool>` for the model, sanitized to TOOL_NAME_PATTERN and unique within
 * `taken`: other characters become "_", and a name that is too long or already taken is cut
 * and given a short hash of the original pair, so it stays stable from run to run.
 */
export function mcpToolName(server: string, tool: string, taken: ReadonlySet<string>): string {
  const clean = (part: string) => part.replace(/[^a-zA-Z0-9_-]/g, "_");
  const name = `${clean(server)}__${clean(tool)}`;
  if (name.length <= MAX && !taken.has(name)) return name;
  const hash = createHash("sha256").update(`${server}\u0000${tool}`).digest("hex").slice(0, 8);
  for (let n = 0; ; n++) {
    const suffix = n === 0 ? `_${hash}` : `_${hash}_${n}`;
    const candidate = `${name.slice(0, MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
