import { SandboxError, sandboxErrors } from "./sandbox-error.ts";

/** Longest path accepted, in UTF-16 code units: far below PATH_MAX, far above any real need. */
export const MAX_PATH_LENGTH = 1024;
/** Linux NAME_MAX: a longer segment could never name a file anyway. */
export const MAX_SEGMENT_BYTES = 255;

/**
 * C0/C1 controls (NUL included), Unicode format characters (zero-width, bidi overrides that
 * make a name display as something else) and lone surrogates (which `fs` would silently
 * re-encode, so the name on disk would differ from the name checked).
 */
const UNSAFE_CHARACTER = /[\p{Cc}\p{Cf}\p{Cs}]/u;

export interface ParseOptions {
  /** Accept the empty string as "the root itself" (listing and stat); reads and writes don't. */
  allowRoot?: boolean;
}

/**
 * The lexical gate every sandboxed path passes first. Returns the path's segments; the
 * canonical relative path is `segments.join("/")`. Deliberately strict rather than
 * normalizing: `./a//b` is refused, not rewritten, so the path the model gave is the path
 * used and the path reported back — there is exactly one spelling of every accepted path.
 * `%2e%2e` needs no rule: nothing decodes it, so it is an ordinary (harmless) file name.
 */
export function parseRelativePath(input: unknown, options: ParseOptions = {}): string[] {
  if (typeof input !== "string") {
    throw new SandboxError("invalid_path", "", "Invalid path: the path must be a string");
  }
  if (input === "") {
    if (options.allowRoot) return [];
    throw sandboxErrors.invalidPath(
      input,
      "the path is empty; give a file path relative to the root",
    );
  }
  if (input.length > MAX_PATH_LENGTH) {
    throw sandboxErrors.invalidPath(input, `the path is longer than ${MAX_PATH_LENGTH} characters`);
  }
  if (UNSAFE_CHARACTER.test(input)) {
    throw sandboxErrors.invalidPath(input, "the path contains a control or invisible character");
  }
  if (input.includes("\\")) {
    throw sandboxErrors.invalidPath(input, "backslashes are not allowed; separate folders with /");
  }
  if (input.startsWith("/") || /^[A-Za-z]:/.test(input)) {
    throw sandboxErrors.invalidPath(input, "the path must be relative to the root, not absolute");
  }
  if (input.startsWith("~")) {
    throw sandboxErrors.invalidPath(input, "home-directory paths (~) are not allowed");
  }
  const segments = input.split("/");
  for (const segment of segments) {
    if (segment === "..") {
      throw sandboxErrors.invalidPath(input, "'..' segments are not allowed");
    }
    if (segment === "" || segment === ".") {
      throw sandboxErrors.invalidPath(
        input,
        "empty or '.' segments are not allowed (no leading ./, trailing / or //)",
      );
    }
    if (Buffer.byteLength(segment, "utf8") > MAX_SEGMENT_BYTES) {
      throw sandboxErrors.invalidPath(
        input,
        `a path segment is longer than ${MAX_SEGMENT_BYTES} bytes`,
      );
    }
  }
  return segments;
}
