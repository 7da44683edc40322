import { z } from "zod";
import { oneLine } from "../config/one-line.ts";
import { plainIssueWords } from "../config/plain-issue-words.ts";
import { zodMessage } from "../config/zod-message.ts";

/**
 * Words for the failures a schema has no message of its own for: "arguments: must be an
 * object" instead of "Invalid input: expected record, received string". A schema's own
 * message (e.g. 'must be "business" or "exploration"') still wins.
 */
const plainWords: z.core.$ZodErrorMap = (issue) => plainIssueWords(issue);

/**
 * Why `value` does not fit `schema`, as one line naming each field ("mode: must be ...;
 * idea: must be a string"), or undefined when it fits. A schema that can only be checked
 * asynchronously is not judged here (undefined): the SDK checks it again anyway.
 */
export function paramsProblem(schema: z.ZodType, value: unknown): string | undefined {
  try {
    const parsed = schema.safeParse(value, { error: plainWords });
    return parsed.success ? undefined : oneLine(zodMessage(parsed.error));
  } catch (error) {
    if (error instanceof z.core.$ZodAsyncError) return undefined;
    throw error;
  }
}
