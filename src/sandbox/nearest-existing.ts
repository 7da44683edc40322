import { lstat, stat } from "node:fs/promises";
import path from "node:path";
import { errnoCode } from "./errno.ts";

export interface NearestExisting {
  /** The longest part of the given path that exists, spelled as given (normalized). */
  path: string;
  /** "other" is a file, a dangling link or anything else that is not a folder. */
  kind: "directory" | "other" | "inaccessible";
  /** The names below `path` that do not exist yet, outermost first. */
  missing: string[];
}

/**
 * How much of a folder path the user gave already exists, found by walking up it. Answers in
 * the user's own spelling (relative stays relative), so a message can name the part that is
 * wrong without revealing a host path the user never typed. Creates nothing.
 */
export async function nearestExisting(given: string, cwd: string): Promise<NearestExisting> {
  let current = withoutTrailingSeparator(path.normalize(given));
  const missing: string[] = [];
  for (;;) {
    const kind = await kindOf(path.resolve(cwd, current));
    if (kind !== "missing") return { path: current, kind, missing };
    const parent = path.dirname(current);
    // "." or "/" itself missing: the working folder was removed under us.
    if (parent === current) return { path: current, kind: "inaccessible", missing };
    missing.unshift(path.basename(current));
    current = parent;
  }
}

async function kindOf(absolute: string): Promise<NearestExisting["kind"] | "missing"> {
  try {
    return (await stat(absolute)).isDirectory() ? "directory" : "other";
  } catch (error) {
    const code = errnoCode(error);
    // ENOTDIR: a file further up the path, which the walk reaches next.
    if (code === "ENOTDIR") return "missing";
    if (code === "ELOOP") return "other";
    if (code !== "ENOENT") return "inaccessible";
  }
  // A dangling link exists, and nothing can be created through it.
  return (await lstat(absolute).then(
    () => true,
    () => false,
  ))
    ? "other"
    : "missing";
}

function withoutTrailingSeparator(normalized: string): string {
  return normalized.length > 1 && normalized.endsWith(path.sep)
    ? normalized.slice(0, -1)
    : normalized;
}
