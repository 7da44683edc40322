/** read_research paths are relative to this folder of the ideas repository. */
export const IDEAS_PREFIX = "ideas/";
export const MAX_RESEARCH_PATH_LENGTH = 200;

/** A repository path as read_research takes it: `ideas/x/research.md` → `x/research.md`. */
export function withoutIdeasPrefix(path: string): string {
  return path.startsWith(IDEAS_PREFIX) ? path.slice(IDEAS_PREFIX.length) : path;
}

const ALLOWED = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,199}$/;

export type ResearchPathCheck = { ok: true; path: string } | { ok: false; message: string };

const reject = (message: string): ResearchPathCheck => ({ ok: false, message });

/**
 * The allowlist of seed 001, its nine steps in order (each refusal names its rule), plus two
 * rules of ours: no hidden segments (`.env`, `x/.git`, `.`) and a hard length cap. Returns the
 * full repository path (`ideas/<path>`). Never throws, whatever `input` is.
 */
export function validateResearchPath(input: unknown): ResearchPathCheck {
  if (typeof input !== "string") return reject("Path must be a string");
  // 1. Whitespace around a path is a typo, not part of the name.
  const path = input.trim();
  if (path === "") return reject("Path is empty: give a file path relative to ideas/");
  if (path.length > MAX_RESEARCH_PATH_LENGTH) {
    return reject(`Path is longer than ${MAX_RESEARCH_PATH_LENGTH} characters`);
  }
  // 2.
  if (/[\x00-\x1f]/.test(path)) return reject("Path contains control characters or null bytes");
  // 3. No decoding anywhere downstream, so any escape (`%2e%2e`) is refused rather than trusted.
  if (path.includes("%")) return reject("Path contains '%': URL-encoded paths are not allowed");
  // 4.
  if (path.includes("..")) return reject("Path contains '..': path traversal is not allowed");
  if (path.includes("\\")) return reject("Path contains a backslash: separate folders with '/'");
  // 5. The prefix is added here; accepting it would read ideas/ideas/...
  if (path.startsWith(IDEAS_PREFIX)) {
    return reject("Path starts with 'ideas/': give the path relative to ideas/, without it");
  }
  // 6.
  if (path.endsWith("/")) return reject("Path ends with '/': give a file, not a folder");
  // 7.
  if (path.includes("//")) return reject("Path contains '//' (an empty folder name)");
  // 8. Also refuses absolute paths: the first character must be a letter or digit.
  if (!ALLOWED.test(path)) {
    return reject(
      path.startsWith("/")
        ? "Path is absolute: give a path relative to ideas/"
        : "Path may only contain letters, digits, '/', '_', '.' and '-', and must start with a letter or digit",
    );
  }
  // Ours: hidden files and folders (`.env`, `x/.git/config`) and `.` segments.
  if (path.split("/").some((segment) => segment.startsWith("."))) {
    return reject(
      "Path contains a hidden segment (starting with '.'): hidden files are not readable",
    );
  }
  // 9.
  return { ok: true, path: `${IDEAS_PREFIX}${path}` };
}
