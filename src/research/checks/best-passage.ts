import type { Figure } from "./figures.ts";
import { passageHas } from "./figures.ts";

/** The most of a page's text a citation's passage holds: about a paragraph. */
export const MAX_PASSAGE_CHARS = 600;
/** Windows over a long text overlap by two thirds, so any span up to 400 characters lies whole in one. */
const STRIDE = MAX_PASSAGE_CHARS / 3;
/** The most of one page's text searched for a citation's passage. */
const MAX_SEARCHED_CHARS = 300_000;

export type Passage = {
  kind: "cited_text" | "page" | "snippet";
  text: string;
  /** For a native citation: the text block it was attached to. */
  claim?: string;
};

export type ChosenPassage = Pick<Passage, "kind" | "text">;

/**
 * The passage of a cited page a sentence most likely rests on: among the page's passages (and,
 * in a long text, windows of about a paragraph), the one holding the most of the sentence's
 * figures, then the most of its words; a native citation's passage whose block is the sentence's
 * own wins a tie. Undefined when the page left no passage.
 */
export function bestPassage(
  sentence: string,
  figures: readonly Figure[],
  passages: readonly Passage[],
): ChosenPassage | undefined {
  const words = significantWords(sentence);
  let best: { chosen: ChosenPassage; score: number[] } | undefined;
  for (const passage of passages) {
    const own = passage.claim && sameWords(passage.claim, sentence) ? 1 : 0;
    for (const text of windows(passage.text)) {
      const score = [
        figures.filter((f) => passageHas(text, f)).length,
        own,
        overlap(words, text),
        -text.length,
      ];
      if (!best || greater(score, best.score)) {
        best = { chosen: { kind: passage.kind, text }, score };
      }
    }
  }
  return best?.chosen;
}

function greater(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return false;
}

/** The text whole when it is short, else overlapping windows cut at spaces. */
function windows(text: string): string[] {
  const clean = text.replace(/\s+/g, " ").trim().slice(0, MAX_SEARCHED_CHARS);
  if (clean.length <= MAX_PASSAGE_CHARS) return clean ? [clean] : [];
  const found: string[] = [];
  for (let start = 0; start < clean.length; start += STRIDE) {
    const from = start === 0 ? 0 : clean.indexOf(" ", start) + 1 || start;
    const end = Math.min(clean.length, from + MAX_PASSAGE_CHARS);
    const to =
      end === clean.length
        ? end
        : clean.lastIndexOf(" ", end) > from
          ? clean.lastIndexOf(" ", end)
          : end;
    found.push(clean.slice(from, to));
    if (end === clean.length) break;
  }
  return found;
}

const STOP_WORDS = new Set(
  "about after also and are been before being between both but can could does each from had has have into its more most much not only other over same should some such than that the their them then there these they this those through under very was were what when where which while will with would your".split(
    " ",
  ),
);

/** Lower-cased words of three or more letters that say something (not "the", "with"...). */
export function significantWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/\p{L}[\p{L}\p{M}'-]{2,}/gu) ?? [];
  return new Set(words.filter((w) => !STOP_WORDS.has(w)));
}

function overlap(words: ReadonlySet<string>, text: string): number {
  const present = significantWords(text);
  let count = 0;
  for (const word of words) if (present.has(word)) count++;
  return count;
}

/** The block's words include most of the sentence's: the citation was attached to this text. */
function sameWords(claim: string, sentence: string): boolean {
  const words = significantWords(sentence);
  if (words.size === 0) return false;
  return overlap(words, claim) >= Math.ceil(words.size * 0.8);
}
