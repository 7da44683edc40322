import { type DateMention, datesIn } from "./dates.ts";
import { type Amount, amountsIn } from "./figures-amounts.ts";
import { passageQuotes, quotedPhrases } from "./quoted-phrases.ts";

export type FigureKind = "number" | "percent" | "money" | "year" | "date" | "quote";

/** A figure a sentence states, as written and normalized for comparison. */
export interface Figure {
  kind: FigureKind;
  /**
   * The figure as the sentence writes it, e.g. "$4.2 billion", "8%", "FY2025",
   * "“a quoted phrase”".
   * A range's first end, which takes its unit from the second, is the whole range: "10–12%".
   */
  text: string;
  /** number, percent, money: scaled and signed (4.2e9 for "$4.2bn", 8 for "8%"); year: the year. */
  value?: number;
  /** number, percent, money: the unit of the last digit written, scaled (1e8 for "$4.2bn"). */
  step?: number;
  /** money: an ISO 4217 code ("$" is USD, "A$" AUD). */
  currency?: string;
  /** date: the parts the sentence states (a month always; a day, a year or both). */
  year?: number;
  month?: number;
  day?: number;
  /** quote: the quoted words, lower-cased, whitespace and typographic marks made plain. */
  phrase?: string;
}

/**
 * Every figure a sentence states: numbers, percentages, money amounts, years, dates, quoted
 * phrases, in order, each once. The numbers inside a quote are the quote's; a date's numbers
 * are the date's. Never throws: what cannot be read is not a figure.
 */
export function figuresIn(sentence: string): Figure[] {
  const found: { start: number; figure: Figure }[] = [];
  const quotes = quotedPhrases(sentence);
  for (const q of quotes) {
    found.push({
      start: q.start,
      figure: { kind: "quote", text: sentence.slice(q.start, q.end), phrase: q.phrase },
    });
  }
  const { dates, amounts } = datesAndAmounts(blank(sentence, quotes), { inSentence: true });
  for (const d of dates) found.push({ start: d.start, figure: dateFigure(sentence, d) });
  for (const a of amounts) found.push({ start: a.start, figure: amountFigure(sentence, a) });
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.start - b.start)
    .map(({ figure }) => figure)
    .filter((f) => !seen.has(`${f.kind}\u0000${f.text}`) && seen.add(`${f.kind}\u0000${f.text}`));
}

/**
 * Whether the passage states the same figure after normalization. A number must match a whole
 * number of the passage ("12" is not in "120" or "2012"), of its family:
 * - a number matches a passage's number, money amount or year of that value;
 * - a percentage only a percentage ("8%" is not a bare "8");
 * - money the same amount in the same currency, or an amount the passage states with no
 *   currency: a passage that writes "4.2 billion" in a table under "USD" holds "$4.2 billion",
 *   and a sentence must not fail for a currency the passage leaves to its context. A different
 *   currency stated ("€4.2bn" for "$4.2bn") is not the figure;
 * - a year a year, or a date in that year ("2025" is in "March 3, 2025");
 * - a date a date with every part the sentence states ("March 2025" is in "2025-03-03", but
 *   "March 3, 2025" is not in "March 2025").
 * Rounding: the sentence's figure is found when a passage figure rounds to it at the
 * sentence's precision, half a unit of its last digit either way ("$4.2 billion" is in
 * "$4.23 billion", "1.2k" in "1,249"); a more precise sentence is not supported by a rounder
 * passage ("$4.23 billion" is not in "$4.2 billion").
 * Signs: magnitudes are compared, since prose writes a sign as a word ("fell 5%") where a
 * table writes "-5%".
 */
export function passageHas(passage: string, figure: Figure): boolean {
  if (figure.kind === "quote")
    return figure.phrase !== undefined && passageQuotes(passage, figure.phrase);
  const { dates, amounts } = passageFigures(passage);
  switch (figure.kind) {
    case "date":
      return dates.some((d) => sameDate(figure, d));
    case "year":
      return (
        amounts.some((a) => a.kind === "year" && a.value === figure.value) ||
        dates.some((d) => d.year === figure.value)
      );
    case "percent":
      return amounts.some((a) => a.kind === "percent" && roundsTo(a.value, figure));
    case "money":
      return amounts.some(
        (a) =>
          (a.kind === "number" || (a.kind === "money" && a.currency === figure.currency)) &&
          roundsTo(a.value, figure),
      );
    case "number":
      return amounts.some((a) => a.kind !== "percent" && roundsTo(a.value, figure));
    default:
      return false;
  }
}

function roundsTo(candidate: number, figure: Figure): boolean {
  if (figure.value === undefined || figure.step === undefined) return false;
  const slack = Math.max(Math.abs(figure.value), figure.step) * 1e-9;
  return Math.abs(Math.abs(candidate) - Math.abs(figure.value)) <= figure.step / 2 + slack;
}

function sameDate(figure: Figure, date: DateMention): boolean {
  return (
    figure.month === date.month &&
    (figure.year === undefined || figure.year === date.year) &&
    (figure.day === undefined || figure.day === date.day)
  );
}

/** Dates first, then the numbers outside them: "3" in "March 3, 2025" is the date's day. */
function datesAndAmounts(text: string, where: { inSentence: boolean }) {
  const dates = datesIn(text);
  return { dates, amounts: amountsIn(blank(text, dates), where) };
}

/** The text with the spans replaced by spaces, so positions still point into the original. */
function blank(text: string, spans: readonly { start: number; end: number }[]): string {
  let out = "";
  let at = 0;
  for (const { start, end } of spans) {
    if (start < at) continue;
    out += text.slice(at, start) + " ".repeat(end - start);
    at = end;
  }
  return out + text.slice(at);
}

function dateFigure(sentence: string, d: DateMention): Figure {
  const { start, end, ...parts } = d;
  return { kind: "date", text: sentence.slice(start, end), ...parts };
}

function amountFigure(sentence: string, a: Amount): Figure {
  const { kind, start, end, value, step, currency } = a;
  const text = sentence.slice(start, end);
  if (kind === "year") return { kind, text, value };
  return { kind, text, value, step, ...(currency ? { currency } : {}) };
}

/**
 * A passage is checked for every figure of a sentence (and in best-passage.ts for each window
 * of a page), so its figures are read once: the last few passages are remembered.
 */
const recent = new Map<string, ReturnType<typeof datesAndAmounts>>();
const REMEMBERED = 16;

function passageFigures(passage: string) {
  const known = recent.get(passage);
  if (known) return known;
  const figures = datesAndAmounts(passage, { inSentence: false });
  if (recent.size >= REMEMBERED) recent.delete(recent.keys().next().value!);
  recent.set(passage, figures);
  return figures;
}
