import type { z } from "zod";

/**
 * A zod failure as one readable line: "idea: must not be empty; mode: expected ...".
 * `names` renames fields to what the user typed (e.g. maxSteps → --max-steps on the CLI).
 */
export function zodMessage(error: z.ZodError, names: Record<string, string> = {}): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.map(String).join(".");
      const shown = names[where] ?? where;
      return shown ? `${shown}: ${issue.message}` : issue.message;
    })
    .join("; ");
}
