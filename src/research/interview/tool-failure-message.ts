/**
 * One line saying why a tool call failed, for the person watching. The model already got the
 * full error; schema failures reach us as the SDK's multi-line "Invalid input for tool ..."
 * text with the zod issues as JSON, so those are reduced to the issues' own messages. Only the
 * message is shown: an error's name is a class name ("FileReadError"), which tells the person
 * watching nothing they can act on.
 */
export function toolFailureMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (text.includes("Invalid input for tool")) {
    const issues = zodIssueMessages(text);
    if (issues.length > 0) return `invalid input: ${issues.join("; ")}`;
  }
  return withoutClassNames(text.split("\n")[0]?.trim() ?? "") || "failed";
}

/** SDK messages quote the errors they wrap as "AI_TypeValidationError: ..."; keep the words. */
function withoutClassNames(line: string): string {
  return line.replace(/\b(?:AI_)?[A-Z][A-Za-z]*Error: /g, "");
}

function zodIssueMessages(text: string): string[] {
  const json = text.slice(text.indexOf("Error message:") + "Error message:".length);
  try {
    const issues: unknown = JSON.parse(json);
    if (!Array.isArray(issues)) return [];
    return issues
      .map((issue) => (issue as { message?: unknown }).message)
      .filter((message): message is string => typeof message === "string");
  } catch {
    return [];
  }
}
