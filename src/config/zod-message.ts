import type { z } from "zod";

/** A zod failure as one readable line: "idea: must not be empty; mode: expected ...". */
export function zodMessage(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.map(String).join(".");
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join("; ");
}
