export interface LineMatch {
  path: string;
  /** 1-based. */
  line: number;
  /** The matching line, trimmed and cut to a window around the match. */
  text: string;
}

const BINARY_SNIFF_BYTES = 8000;
const MAX_LINE_CHARS = 200;

/**
 * The lines of a file's content that contain `needle`, at most `limit` of them. Binary content
 * (a NUL byte early on, as git decides) has no lines worth showing and yields nothing.
 */
export function findInText(
  content: Buffer,
  needle: string,
  options: { caseSensitive: boolean; limit: number },
): Omit<LineMatch, "path">[] {
  if (content.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return [];
  const fold = (s: string) => (options.caseSensitive ? s : s.toLowerCase());
  const wanted = fold(needle);
  const found: Omit<LineMatch, "path">[] = [];
  const lines = content.toString("utf8").split(/\r?\n/);
  for (let i = 0; i < lines.length && found.length < options.limit; i++) {
    const line = lines[i] ?? "";
    const at = fold(line).indexOf(wanted);
    if (at >= 0) found.push({ line: i + 1, text: excerpt(line, at, needle.length) });
  }
  return found;
}

function excerpt(line: string, at: number, length: number): string {
  const trimmed = line.trim();
  if (trimmed.length <= MAX_LINE_CHARS) return trimmed;
  const offset = line.length - line.trimStart().length;
  const start = Math.max(0, at - offset - 60);
  const window = trimmed.slice(start, start + Math.max(MAX_LINE_CHARS, length + 60));
  return `${start > 0 ? "…" : ""}${window}${start + window.length < trimmed.length ? "…" : ""}`;
}
