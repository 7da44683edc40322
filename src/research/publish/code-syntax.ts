/**
 * Code written back as code: its text is never read as Markdown, so it is kept as it was, inside
 * delimiters no run of backticks in it can close.
 */
export function codeSpan(code: string, inTable: boolean): string {
  // A newline in a span could put "# " or "- " at a line's start, which block parsing sees first.
  let text = code.replace(/\r?\n/g, " ");
  // A table splits its row at every unescaped "|" before it reads any span (GFM).
  if (inTable) text = text.replace(/\|/g, "\\|");
  if (text.trim() === "") return "";
  const fence = "`".repeat(longestRun(text, "`") + 1);
  const pad = text.startsWith("`") || text.endsWith("`") || /^ .* $/.test(text) ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * Languages GitHub draws instead of showing as code: a Mermaid diagram can hold links and
 * images, a map or model loads data. Their blocks are kept as plain code.
 */
const RENDERED_LANGUAGES = new Set(["mermaid", "geojson", "topojson", "stl", "math"]);

export function codeBlock(code: string, lang: string | undefined): string {
  const fence = "`".repeat(Math.max(3, longestRun(code, "`") + 1));
  // The info string is a language name: one word of safe characters, or nothing.
  const word = /^[\w+#.-]{1,40}$/.exec((lang ?? "").trim().split(/\s/)[0] ?? "")?.[0] ?? "";
  const info = RENDERED_LANGUAGES.has(word.toLowerCase()) ? "" : word;
  return `${fence}${info}\n${code.replace(/\n+$/, "")}\n${fence}`;
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
