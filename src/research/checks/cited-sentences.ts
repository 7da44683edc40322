import { Lexer, type Token } from "marked";
import { PLACEHOLDER_RUN, placeholderUrls } from "../citations/citation-syntax.ts";

/** A citation of a report: the page it cites and the words it follows, as plain text. */
export interface CitedSentence {
  url: string;
  sentence: string;
  /** Which group of citations ("[1][3]") it belongs to, counted from 0 in report order. */
  group: number;
}

/** The longest sentence kept: a run-on "sentence" is cut to its last words. */
export const MAX_SENTENCE_CHARS = 400;

/**
 * Every citation in a report whose citations are placeholders (cite-retrieved.ts), in order: each
 * page of a group "[1][3]" once, with the sentence the group follows. The sentence runs from the
 * start of its sentence, or from the previous citation in it ("A grew 5%[1] and B 7%[2]": [2]
 * rests on "and B 7%"), to the group; a group after the full stop follows the sentence that stop
 * ends. It is plain text: Markdown read, other citations out, so it reads as the page shows it.
 */
export function citedSentences(report: string): CitedSentence[] {
  const found: CitedSentence[] = [];
  let blockStart = 0;
  let previousEnd = 0;
  let group = 0;
  for (const run of report.matchAll(PLACEHOLDER_RUN)) {
    const at = run.index ?? 0;
    const start = Math.max(blockStartBefore(report, at), 0);
    if (start !== blockStart) {
      blockStart = start;
      previousEnd = start;
    }
    const sentence = sentenceBefore(report.slice(blockStart, at), previousEnd - blockStart);
    previousEnd = at + run[0].length;
    const urls = [...new Set(placeholderUrls(run[0]))];
    for (const url of urls) found.push({ url, sentence, group });
    group += 1;
  }
  return found;
}

/** A line that opens a block of its own: a list item, heading or quote, and its marker. */
const BLOCK_MARKER = /^\s{0,3}(?:[-*+]|\d{1,9}[.)]|#{1,6}|>)\s+/;

/** Where the block (paragraph, list item, table cell, heading) holding `at` starts. */
function blockStartBefore(report: string, at: number): number {
  let lineStart = report.lastIndexOf("\n", at - 1) + 1;
  const line = report.slice(lineStart, at);
  // A table cell starts after the last pipe before the citation.
  if (/^\s*\|/.test(line)) return lineStart + line.lastIndexOf("|") + 1;
  for (;;) {
    const lineEnd = report.indexOf("\n", lineStart);
    const marker = BLOCK_MARKER.exec(report.slice(lineStart, lineEnd < 0 ? undefined : lineEnd));
    if (marker) return lineStart + marker[0].length;
    if (lineStart === 0) return 0;
    const previousStart = report.lastIndexOf("\n", lineStart - 2) + 1;
    // A blank line ends the paragraph before it.
    if (report.slice(previousStart, lineStart).trim() === "") return lineStart;
    lineStart = previousStart;
  }
}

/**
 * The sentence that ends `text` (the block up to a citation): after the last sentence end, or,
 * when the text ends with one, the sentence it closes; never before `from` (the previous citation).
 */
function sentenceBefore(text: string, from: number): string {
  const raw = text.slice(Math.max(0, from));
  const plain = plainText(raw).replace(/\s+/g, " ").trim();
  const ends = [...plain.matchAll(SENTENCE_END)].map((m) => (m.index ?? 0) + m[0].length);
  const last = ends.at(-1);
  const closed = last !== undefined && plain.slice(last).trim() === "";
  const cut = closed ? (ends.at(-2) ?? 0) : (last ?? 0);
  return lastWords(withoutOpenParenthesis(plain.slice(cut).trim()));
}

/**
 * "Sales grew 5% (study" → "Sales grew 5%": a citation inside parentheses ("([study](url))")
 * follows the link's words, which are not the claim.
 */
function withoutOpenParenthesis(sentence: string): string {
  let depth = 0;
  let open = -1;
  for (let i = sentence.length - 1; i >= 0; i--) {
    if (sentence[i] === ")") depth++;
    else if (sentence[i] === "(") {
      if (depth === 0) {
        open = i;
        break;
      }
      depth--;
    }
  }
  return open > 0 ? sentence.slice(0, open).trimEnd() : sentence;
}

/**
 * A full stop, question or exclamation mark (and CJK ones) followed by a space or the end, not
 * after a single capital ("U.S.") or a common abbreviation; a decimal point has no space after it.
 */
const SENTENCE_END =
  /(?<!\b(?:[A-Z]|e\.g|i\.e|etc|vs|approx|Inc|Ltd|Co|Corp|Dr|Mr|Ms|Mrs|Jr|Sr|St|No|Fig|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec))[.!?](?=\s|$)["”’)]*\s*|[。！？]\s*/g;

function lastWords(sentence: string): string {
  if (sentence.length <= MAX_SENTENCE_CHARS) return sentence;
  const tail = sentence.slice(-MAX_SENTENCE_CHARS);
  const space = tail.indexOf(" ");
  return space >= 0 ? tail.slice(space + 1) : tail;
}

/** Inline Markdown as the text a reader sees: emphasis and links read, citations taken out. */
export function plainText(markdown: string): string {
  const withoutCitations = markdown.replace(PLACEHOLDER_RUN, "");
  return inlineText(Lexer.lexInline(withoutCitations, { gfm: true }));
}

function inlineText(tokens: readonly Token[]): string {
  return tokens
    .map((token): string => {
      if (token.type === "br") return " ";
      if ("tokens" in token && token.tokens?.length) return inlineText(token.tokens);
      if (token.type === "escape" || token.type === "codespan") return token.text;
      if (token.type === "image") return token.text;
      return "text" in token && typeof token.text === "string" ? token.text : token.raw;
    })
    .join("");
}
