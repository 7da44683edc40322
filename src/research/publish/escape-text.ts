/**
 * Plain text written into Markdown so that no renderer reads anything but text in it: no link,
 * image, autolink, HTML, code, emphasis, table or new block. Escapes are backslashes, which every
 * CommonMark renderer reads back as the character itself (a character reference such as "&lt;"
 * would come back as "<" to a renderer that decodes it and parses again).
 */
export interface TextPlace {
  /** The text begins a line, where "#", "-", "1." and the like would open a block. */
  atLineStart: boolean;
  /** Newlines become spaces (headings, table cells, a one-line summary). */
  singleLine: boolean;
  /** Product syntax follows, maybe a citation's "[": a "!" before it would make an image. */
  beforeSyntax: boolean;
}

/** Always escaped: each can open a link, image, HTML, code, emphasis, strikethrough or cell. */
const ALWAYS = new Set(["\\", "`", "*", "[", "]", "<", ">", "~", "|"]);
/** Escaped where a line begins: headings, list items, setext underlines, table delimiter rows. */
const LINE_START = new Set(["#", "-", "+", "=", ":"]);
const ENTITY_LIKE = /^&#?[A-Za-z0-9]+;/;
const ORDERED_MARKER = /^\d{1,9}[.)](?=\s|$)/;
const WORD = /[\p{L}\p{N}]/u;

export function escapeText(text: string, place: TextPlace): string {
  const lines = place.singleLine
    ? text.replace(/\s*\n\s*/g, " ")
    : // Trailing spaces would make a hard break, leading ones code, blank lines a new paragraph.
      text.replace(/\s*\n\s*/g, "\n");
  let out = "";
  let lineStart = place.atLineStart;
  for (let i = 0; i < lines.length; i++) {
    const char = lines[i]!;
    if (char === "\n") {
      // A line with nothing on it yet would end the paragraph.
      if (!lineStart) out += char;
      lineStart = true;
      continue;
    }
    if (lineStart) {
      // Any space, not only " " and tab: marked reads a no-break space as indentation at times.
      if (/\s/.test(char)) continue;
      lineStart = false;
      const marker = ORDERED_MARKER.exec(lines.slice(i))?.[0];
      if (marker) {
        out += `${marker.slice(0, -1)}\\${marker.slice(-1)}`;
        i += marker.length - 1;
        continue;
      }
      if (LINE_START.has(char)) {
        out += `\\${char}`;
        continue;
      }
    }
    out += escapeChar(lines, i, place.beforeSyntax);
  }
  return out;
}

function escapeChar(text: string, i: number, beforeSyntax: boolean): string {
  const char = text[i]!;
  if (ALWAYS.has(char)) return `\\${char}`;
  if (char === "_") {
    // Inside a word "_" never emphasizes (snake_case stays readable); elsewhere it may.
    const inWord = WORD.test(text[i - 1] ?? "") && WORD.test(text[i + 1] ?? "");
    return inWord ? char : "\\_";
  }
  if (char === "&") return ENTITY_LIKE.test(text.slice(i, i + 40)) ? "\\&" : char;
  if (char === "!" && i === text.length - 1 && beforeSyntax) return "\\!";
  return char;
}
