import { unicodeProblem } from "./text-problems.ts";

export interface InvalidUnicode {
  /** Where, as zod names it: "idea", "fetch_allow_hosts.2", or "" for the value itself. */
  path: string;
  /** "must be valid Unicode (U+D800 at character 3 is half of a surrogate pair)" */
  message: string;
}

/**
 * The first string (or object key) in a parsed JSON value that is not valid Unicode. JSON's
 * "\ud800" escape is the one way a lone surrogate gets into a program from outside (argv and
 * UTF-8 decoding turn bad bytes into U+FFFD), and such a string fails at the worst moment: a
 * git commit, an HMAC, a provider's JSON encoder. Checking the whole parsed body rather than
 * each schema's text fields means a field added later is covered without anyone remembering.
 * Walks iteratively: a 64 KiB body can nest thousands of levels deep.
 */
export function findInvalidUnicode(value: unknown): InvalidUnicode | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: "" }];
  const inside = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === "string") {
      const message = unicodeProblem(current);
      if (message) return { path, message };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        pending.push({ value: current[i], path: inside(path, String(i)) });
      }
    } else if (typeof current === "object" && current !== null) {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        const message = unicodeProblem(key);
        if (message) return { path, message: `a field name ${message}` };
      }
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        pending.push({ value: child, path: inside(path, key) });
      }
    }
  }
  return undefined;
}
