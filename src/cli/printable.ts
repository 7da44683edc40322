import { oneLine } from "../config/one-line.ts";

// C0/C1 controls (except tab and newline) and bidirectional overrides: model text, file paths and
// web results are untrusted, and escape sequences could rewrite the terminal or hide text.
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text safe to write to a terminal: control characters and escape sequences removed. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, "");
}

/** One short line for a value the model chose (a path, a query), for progress lines. */
export function shortLine(value: unknown, max = 80): string {
  return oneLine(printable(typeof value === "string" ? value : (JSON.stringify(value) ?? "")), max);
}
