/** A phrase a text quotes: its span (quote marks included) and its words, normalized. */
export interface QuotedPhrase {
  start: number;
  end: number;
  phrase: string;
}

/**
 * Opening marks and the mark that closes each. Single quotes are left out: they are apostrophes
 * far more often than quotes ("the company's").
 */
const CLOSING: Readonly<Record<string, string>> = {
  '"': '"',
  "“": "”",
  "„": "“",
  "«": "»",
  "「": "」",
  "『": "』",
};
/** A quote longer than this is no quote: an unpaired mark, most likely. */
const MAX_QUOTE_CHARS = 400;
const MIN_WORDS = 2;

/**
 * Every quoted phrase of two words or more, outermost only (a quote within a quote is part of
 * it). Each closing mark's next position is remembered, so a text full of unpaired marks is
 * still read in one pass.
 */
export function quotedPhrases(text: string): QuotedPhrase[] {
  const found: QuotedPhrase[] = [];
  const nextClosing = new Map<string, number>();
  for (let i = 0; i < text.length; i++) {
    const close = CLOSING[text[i]!];
    if (close === undefined) continue;
    let at = nextClosing.get(close) ?? -1;
    if (at !== Number.POSITIVE_INFINITY && at <= i) {
      at = text.indexOf(close, i + 1);
      if (at < 0) at = Number.POSITIVE_INFINITY;
      nextClosing.set(close, at);
    }
    if (at - i > MAX_QUOTE_CHARS) continue;
    const phrase = normalizePhrase(text.slice(i + 1, at));
    if (wordCount(phrase) >= MIN_WORDS) found.push({ start: i, end: at + 1, phrase });
    i = at;
  }
  return found;
}

/**
 * Whether the passage states the phrase: compared lower-cased, with whitespace collapsed,
 * typographic quotes and dashes made plain and punctuation at the edges dropped, and matched
 * at word boundaries. An ellipsis in the quote marks words left out: each part must occur, in
 * order.
 */
export function passageQuotes(passage: string, phrase: string): boolean {
  const text = normalizeText(passage);
  let from = 0;
  for (const part of phrase.split(ELLIPSIS)) {
    const words = trimPunctuation(part);
    if (!words) continue;
    const at = indexAtWordBoundary(text, words, from);
    if (at < 0) return false;
    from = at + words.length;
  }
  return true;
}

const ELLIPSIS = /\.\.\.|…/;
const EDGE = /[\p{P}\p{S}\s]/u;

export function normalizePhrase(quoted: string): string {
  return trimPunctuation(normalizeText(quoted));
}

function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟«»″]/g, '"')
    .replace(/[‐‑‒–—―−]/g, "-")
    .replace(/\s+/g, " ");
}

/** Punctuation, symbols and spaces cut from both ends, by hand ("[…]+$" backtracks on runs). */
function trimPunctuation(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && EDGE.test(text[start]!)) start++;
  while (end > start && EDGE.test(text[end - 1]!)) end--;
  return text.slice(start, end);
}

const wordCount = (phrase: string) =>
  phrase.split(" ").filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

function indexAtWordBoundary(text: string, words: string, from: number): number {
  for (let at = text.indexOf(words, from); at >= 0; at = text.indexOf(words, at + 1)) {
    const startsWord = !isWordChar(words[0]) || !isWordChar(text[at - 1]);
    const endsWord = !isWordChar(words.at(-1)) || !isWordChar(text[at + words.length]);
    if (startsWord && endsWord) return at;
  }
  return -1;
}
