/**
 * One line saying why a tool call failed, for the person watching. The model already got the
 * full error; schema failures reach us as the SDK's multi-line "Invalid input for tool ..."
 * text with the zod issues as JSON, so those are reduced to the issues' own messages.
 */
export function toolFailureMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (text.includes("Invalid input for tool")) {
    const issues = zodIssueMessages(text);
    if (issues.length > 0) return `invalid input: ${issues.join("; ")}`;
  }
  return text.split("\n")[0]?.trim() || "failed";
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
