import type { z } from "zod";

/**
 * C0 controls but tab and newline, DEL and C1 controls. Text a user gives goes into prompts,
 * commit messages, issue comments and terminals: a NUL breaks git, an escape sequence (ESC, or
 * its one-byte C1 form U+009B) can recolour, retitle or clear a terminal, and a carriage return
 * on its own moves the cursor back so the rest of the line overwrites what came before.
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** Half of a UTF-16 surrogate pair with no other half: no character at all, not valid Unicode. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A Windows line break (CRLF, what a file saved on Windows and every browser form's textarea
 * send) is a line break like any other: it becomes "\n" before any check, so only a carriage
 * return on its own is refused.
 */
export function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n/g, "\n");
}

/**
 * What is wrong with `text` as text a user gives, as the end of a line that starts with the
 * field's name ("must not contain control characters (U+001B at character 4)"), or undefined.
 * The first problem found from the start is named, with its position counted in characters as
 * a person counts them (an emoji is one).
 */
export function textProblem(text: string): string | undefined {
  const surrogate = text.search(LONE_SURROGATE);
  const control = text.search(CONTROL);
  if (control < 0 || (surrogate >= 0 && surrogate < control)) return unicodeProblem(text);
  return `must not contain control characters (${codePoint(text, control)} at character ${position(text, control)})`;
}

/** The same as a zod refinement, for the string fields of a request schema. */
export function printableText(value: string, context: z.RefinementCtx): void {
  const problem = textProblem(value);
  if (problem) context.addIssue({ code: "custom", message: problem });
}

/** The lone-surrogate half of `textProblem`, for strings that may hold any other character. */
export function unicodeProblem(text: string): string | undefined {
  const at = text.search(LONE_SURROGATE);
  if (at < 0) return undefined;
  return `must be valid Unicode (${codePoint(text, at)} at character ${position(text, at)} is half of a surrogate pair)`;
}

function codePoint(text: string, index: number): string {
  return `U+${text.charCodeAt(index).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** 1-based, in code points: a pair before the position counts as one character. */
function position(text: string, index: number): number {
  return [...text.slice(0, index)].length + 1;
}
