/**
 * Text as one line for a message: line breaks and runs of whitespace become single spaces, and
 * past `max` characters (the ellipsis included) it is cut. Messages from providers, servers and
 * libraries may span lines or be huge; a line a user or a model reads must not.
 */
export function oneLine(text: string, max = Number.POSITIVE_INFINITY): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
