import type { z } from "zod";
import { isZodDefaultMessage, plainIssueWords } from "./plain-issue-words.ts";

/**
 * A zod failure as one readable line: "idea: must not be empty; update: must be true or false".
 * `names` renames fields to what the user typed (e.g. maxSteps → --max-steps on the CLI).
 * Where a schema gave no message of its own, zod's ("Invalid input: expected boolean, received
 * string") is replaced by the product's words for what the field takes: every surface builds its
 * lines here, so a field added without a message still reads plainly everywhere.
 */
export function zodMessage(error: z.ZodError, names: Record<string, string> = {}): string {
  return error.issues
    .map((issue) => {
      // The field as the user named it; a list's entry index adds nothing the message does not say.
      const [field, ...rest] = issue.path.map(String);
      const inner = rest.filter((segment) => !/^\d+$/.test(segment));
      const shown = field === undefined ? "" : [names[field] ?? field, ...inner].join(".");
      const message = issueMessage(issue);
      return shown ? `${shown}: ${message}` : message;
    })
    .join("; ");
}

/** One issue's message: the schema's own, or plain words instead of zod's default. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (!isZodDefaultMessage(issue.message)) return issue.message;
  return plainIssueWords(issue) ?? "is not valid";
}
