import { Lexer, type Token } from "marked";
import type { Atom } from "./atom.ts";
import { codeSpan } from "./code-syntax.ts";
import { escapeText } from "./escape-text.ts";
import { resolveUrlText } from "./resolve-url-text.ts";
import type { SanitizeContext } from "./sanitize-context.ts";

export interface InlinePlace {
  /** The text starts a line (a paragraph), not after "# " or in a table cell. */
  atLineStart: boolean;
  /** Headings, table cells and one-line summaries hold no line break. */
  singleLine: boolean;
  inTable: boolean;
}

type Piece =
  | { kind: "text"; s: string }
  | { kind: "fixed"; s: string }
  | { kind: "delimiter"; s: string; pair: number; opening: boolean };

/**
 * Atoms as safe Markdown: text escaped for where it lands, code fenced, citations as built, and
 * emphasis only where it reads as emphasis again. Emphasis that would not (its delimiters next to
 * the same character, not flanking as CommonMark requires, or read otherwise by marked) is
 * unwrapped, one pair at a time, and its text joined with its neighbours and judged again, so
 * that sanitizing the output once more gives the same text.
 */
export function serializeInline(
  atoms: readonly Atom[],
  place: InlinePlace,
  ctx: SanitizeContext,
): string {
  let current = withoutEdgeBreaks(resolveUrlText(atoms, ctx));
  for (;;) {
    const pieces = write(current, place);
    const out = joined(pieces, place);
    const bad = unflankedPairs(pieces);
    if (bad.size === 0) misreadPairs(pieces, out, bad);
    if (bad.size === 0) return out;
    current = withoutEdgeBreaks(unwrap(current, bad, { next: 0 }, ctx));
  }
}

function write(atoms: readonly Atom[], place: InlinePlace): Piece[] {
  const pieces: Piece[] = [];
  // Delimiters count as nothing here: text after one at a line's start is escaped as if it began
  // the line, so unwrapping the emphasis later cannot open a block.
  const state = { lineBlank: place.atLineStart, pairs: 0 };
  const visit = (list: readonly Atom[]) => {
    for (const atom of list) {
      if ("emphasis" in atom) {
        const pair = state.pairs++;
        pieces.push({ kind: "delimiter", s: atom.emphasis, pair, opening: true });
        visit(atom.inner);
        pieces.push({ kind: "delimiter", s: atom.emphasis, pair, opening: false });
      } else if ("text" in atom) {
        const s = escapeText(atom.text, {
          atLineStart: state.lineBlank,
          singleLine: place.singleLine,
          beforeSyntax: false,
        });
        if (s === "") continue;
        pieces.push({ kind: "text", s });
        const lastLine = s.slice(s.lastIndexOf("\n") + 1);
        state.lineBlank = (s.includes("\n") || state.lineBlank) && lastLine.trim() === "";
      } else if ("code" in atom) {
        const s = codeSpan(atom.code, place.inTable);
        if (s === "") continue;
        pieces.push({ kind: "fixed", s });
        state.lineBlank = false;
      } else if ("br" in atom) {
        pieces.push({ kind: "fixed", s: place.singleLine ? " " : "\\\n" });
        if (!place.singleLine) state.lineBlank = true;
      } else {
        pieces.push({ kind: "fixed", s: atom.syntax });
        state.lineBlank = false;
      }
    }
  };
  visit(atoms);
  return pieces;
}

function joined(pieces: readonly Piece[], place: InlinePlace): string {
  const out = pieces
    .map((piece, i) =>
      // "!" right before a citation's "[" would make the citation an image.
      piece.kind === "text" && piece.s.endsWith("!") && pieces[i + 1]?.s.startsWith("[")
        ? `${piece.s.slice(0, -1)}\\!`
        : piece.s,
    )
    .join("");
  return place.singleLine ? out.trim() : out.trimEnd();
}

/** The pairs whose delimiters would not open and close where they stand. */
function unflankedPairs(pieces: readonly Piece[]): Set<number> {
  const bad = new Set<number>();
  const text = pieces.map((p) => p.s).join("");
  const opened = new Map<number, boolean>();
  let offset = 0;
  for (const piece of pieces) {
    const start = offset;
    offset += piece.s.length;
    if (piece.kind !== "delimiter") continue;
    const before = text[start - 1] ?? "";
    const after = text[offset] ?? "";
    const char = piece.s[0]!;
    const readable =
      before !== char &&
      after !== char &&
      (piece.opening ? leftFlanking(before, after) : rightFlanking(before, after));
    if (piece.opening) opened.set(piece.pair, readable);
    else if (!readable || !opened.get(piece.pair)) bad.add(piece.pair);
  }
  return bad;
}

/**
 * Adds to `bad` the pairs from the first one marked reads otherwise than it was written (it
 * departs from CommonMark in some runs of punctuation); marked is the parser the next pass uses,
 * so it has the last word. Every pair from there on goes at once, so a long paragraph is read
 * again a few times, not once per pair.
 */
function misreadPairs(pieces: readonly Piece[], out: string, bad: Set<number>): void {
  const written = pieces.flatMap((p) =>
    p.kind === "delimiter" ? [{ event: `${p.s}${p.opening ? "<" : ">"}`, pair: p.pair }] : [],
  );
  if (written.length === 0) return;
  const read = emphasisEvents(Lexer.lexInline(out, { gfm: true }));
  let at = written.findIndex((w, i) => w.event !== read[i]);
  if (at < 0 && read.length > written.length) at = 0;
  if (at < 0) return;
  for (const w of written.slice(at)) bad.add(w.pair);
}

const DELIMITER: Readonly<Record<string, string>> = { em: "*", strong: "**", del: "~~" };

function emphasisEvents(tokens: readonly Token[]): string[] {
  return tokens.flatMap((token) => {
    const inner = "tokens" in token && token.tokens ? emphasisEvents(token.tokens) : [];
    const delimiter = DELIMITER[token.type];
    return delimiter ? [`${delimiter}<`, ...inner, `${delimiter}>`] : inner;
  });
}

/** The atoms with the emphasis pairs `pairs` (in writing order) replaced by their content. */
function unwrap(
  atoms: readonly Atom[],
  pairs: ReadonlySet<number>,
  counter: { next: number },
  ctx: SanitizeContext,
): Atom[] {
  let changed = false;
  const out = atoms.flatMap((atom): Atom[] => {
    if (!("emphasis" in atom)) return [atom];
    const id = counter.next++;
    const inner = unwrap(atom.inner, pairs, counter, ctx);
    if (pairs.has(id)) {
      changed = true;
      return inner;
    }
    return [{ ...atom, inner }];
  });
  // Text the delimiters kept apart is one text now, and may read as a URL.
  return changed ? resolveUrlText(out, ctx) : out;
}

const WHITESPACE = /^$|\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

function leftFlanking(before: string, after: string): boolean {
  if (WHITESPACE.test(after)) return false;
  return !PUNCTUATION.test(after) || WHITESPACE.test(before) || PUNCTUATION.test(before);
}

function rightFlanking(before: string, after: string): boolean {
  if (WHITESPACE.test(before)) return false;
  return !PUNCTUATION.test(before) || WHITESPACE.test(after) || PUNCTUATION.test(after);
}

/**
 * Breaks at the edges, or one after another, would leave a stray "\" or an empty line that the
 * next reading turns into something else; they go, with the blank text around them.
 */
function withoutEdgeBreaks(parts: readonly Atom[]): Atom[] {
  const blank = (a: Atom | undefined) =>
    a !== undefined && ("br" in a || ("text" in a && a.text.trim() === ""));
  const out: Atom[] = [];
  for (const part of parts) {
    if ("br" in part) {
      while (blank(out[out.length - 1])) out.pop();
      if (out.length === 0) continue;
    }
    out.push(part);
  }
  while (blank(out[out.length - 1])) out.pop();
  return out;
}
