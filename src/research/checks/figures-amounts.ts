import { isDigit, type Numeral, readNumeral } from "./figures-numerals.ts";
import {
  currencyAfter,
  currencyBefore,
  gluedScale,
  ORDINAL_SUFFIXES,
  percentAfter,
  scaleAfter,
} from "./figures-units.ts";
import { spelledNumbers } from "./number-words.ts";

/** A number a text states, with what it counts: a plain number, a percentage, money or a year. */
export interface Amount {
  kind: "number" | "percent" | "money" | "year";
  /** The span the figure's text is taken from: "$4.2 billion"; both ends of "10–12%" for 10. */
  start: number;
  end: number;
  /** Scaled and signed: 4.2e9 for "$4.2bn", 8 for "8%", -5 for "-5". */
  value: number;
  /** The unit of the last digit as written, scaled: 1e8 for "$4.2bn", 1 for "1,249". */
  step: number;
  currency?: string;
}

/** One numeral with what surrounds it, before ranges lend units across "10–12%". */
interface Reading {
  start: number;
  end: number;
  numeral: Numeral;
  negative: boolean;
  fiscal: boolean;
  /** A lowercase unit glued to it ("5km", "3x"): counted as a plain number. */
  unit: boolean;
  scale?: number;
  percent: boolean;
  currency?: string;
}

/**
 * Every number, percentage, money amount and year of a text, in order. Digits glued to letters
 * before them are names, not figures ("GPT-4", "H100", "B2B", "Web3"); so are ordinals ("3rd"),
 * citation markers ("[3]"), times and fractions ("10:30", "3/4"), compound modifiers ("3-year"),
 * and, in a sentence, a plain integer right after a name ("ISO 9001", "Windows 11", "iPhone 15").
 * A passage's numbers after names are kept: a passage's "Revenue 2025" still states the year.
 */
export function amountsIn(text: string, { inSentence }: { inSentence: boolean }): Amount[] {
  const readings: Reading[] = [];
  const spelled = new Map(spelledNumbers(text).map((s) => [s.start, s]));
  for (let i = 0; i < text.length; i++) {
    const words = spelled.get(i);
    if (!isDigit(text[i]) && !words) continue;
    const { end, numeral } = words
      ? {
          end: words.end,
          numeral: { value: words.value, step: 1, plain: false, grouped: false, digits: 0 },
        }
      : readNumeral(text, i);
    const reading = numeral && readAround(text, i, end, numeral, inSentence);
    if (reading) readings.push(reading);
    i = Math.max(end, reading?.end ?? 0) - 1;
  }
  return lendAcrossRanges(text, readings).map(toAmount);
}

const isLatinLetter = (char: string | undefined) => char !== undefined && /[A-Za-z]/.test(char);
const isMinus = (char: string | undefined) => char === "-" || char === "\u2212";
/** "FY2025", "FY 2025", "fiscal 2025", "fiscal year 2025" ending at the numeral. */
const FISCAL = /(?:^|[^A-Za-z])(FY ?|fiscal (?:year )?)$/i;

function readAround(
  text: string,
  digitsStart: number,
  digitsEnd: number,
  numeral: Numeral,
  inSentence: boolean,
): Reading | undefined {
  if (belongsElsewhere(text, digitsStart, digitsEnd, numeral.digits)) return undefined;
  const before = text[digitsStart - 1];

  let start = digitsStart;
  const fiscal = FISCAL.exec(text.slice(Math.max(0, digitsStart - 13), digitsStart));
  let negative = false;
  let currency: string | undefined;
  if (fiscal) start -= fiscal[1]!.length;
  else {
    if (isMinus(text[start - 1]) && !/[0-9A-Za-z]/.test(text[start - 2] ?? "")) {
      negative = true;
      start--;
    }
    const sign = currencyBefore(text, start);
    if (sign) {
      currency = sign.currency;
      start = sign.start;
      if (!negative && isMinus(text[start - 1]) && !/[0-9A-Za-z]/.test(text[start - 2] ?? "")) {
        negative = true;
        start--;
      }
    }
    if (start === digitsStart && isLatinLetter(before)) return undefined;
  }

  const yearShaped = numeral.plain && numeral.digits === 4;
  const suffix = readSuffix(text, digitsEnd, currency !== undefined, yearShaped);
  if (!suffix) return undefined;
  const reading: Reading = {
    start,
    end: suffix.end,
    numeral,
    negative,
    fiscal: fiscal !== null,
    unit: suffix.unit,
    percent: suffix.percent,
    ...(suffix.scale === undefined ? {} : { scale: suffix.scale }),
    ...((currency ?? suffix.currency) ? { currency: currency ?? suffix.currency } : {}),
  };
  if (reading.fiscal && yearOf(reading) === undefined) return undefined;
  const named = isBare(reading) && text[start - 1] === " " && followsName(text, start - 1);
  if (inSentence && named) return undefined;
  return reading;
}

/** Digits that are part of something other than a figure, whatever surrounds them further. */
function belongsElsewhere(text: string, start: number, end: number, digits: number): boolean {
  const before = text[start - 1];
  const after = text[end];
  if (before === "[" && after === "]") return true; // a citation marker
  if (before === "'" || before === "’" || before === "#") return true; // "the '90s", "#1"
  if (before === "." && !isDigit(text[start - 2])) return true; // ".5": unsure what it abbreviates
  if ((before === "-" || before === "_") && isLatinLetter(text[start - 2])) {
    // "GPT-4", "COVID-19" name things; "mid-2025" and "pre-2020" still state a year.
    return !(before === "-" && digits === 4 && /^[a-z]{2}$/.test(text.slice(start - 3, start - 1)));
  }
  const joined = (mark: string) =>
    (before === mark && isDigit(text[start - 2])) || (after === mark && isDigit(text[end + 1]));
  if (joined(":")) return true; // "10:30", "16:9"
  // "3/4", "24/7", a slash date's day and month; "2024/25" and "3/4/2025" keep their years.
  if (digits <= 2 && joined("/")) return true;
  // "3-year", "10-K" qualify a noun; "$4.2-billion" is still an amount.
  return after === "-" && isLatinLetter(text[end + 1]) && !scaleAfter(text, end, false);
}

/** What follows the digits: a glued scale or unit, a percent, a scale word, a currency. */
function readSuffix(text: string, at: number, hasCurrency: boolean, yearShaped: boolean) {
  const letters = /^[A-Za-z]+/.exec(text.slice(at, at + 12))?.[0];
  // Financial tables mark a year estimated, actual or forecast: "2025E", "2024A", "2026F".
  if (yearShaped && letters && /^[AEF]$/.test(letters))
    return { end: at + 1, unit: false, percent: false };
  let end = at;
  let scale: number | undefined;
  let unit = false;
  if (letters) {
    scale = gluedScale(letters);
    if (scale === undefined) {
      // "1st", "3rd"; "3D", "5G", "10GB" name things; "5km" and "3x" count them.
      if (ORDINAL_SUFFIXES.has(letters.toLowerCase()) || letters !== letters.toLowerCase()) {
        return undefined;
      }
      unit = true;
    }
    end += letters.length;
  }
  if (unit) return { end, unit, percent: false };
  if (scale === undefined) {
    const percentEnd = percentAfter(text, end);
    if (percentEnd !== undefined) return { end: percentEnd, unit, percent: true };
    const word = scaleAfter(text, end, hasCurrency);
    if (word) ({ end, scale } = word);
  }
  const currency = hasCurrency ? undefined : currencyAfter(text, end);
  return {
    end: currency?.end ?? end,
    unit,
    percent: false,
    ...(scale === undefined ? {} : { scale }),
    ...(currency ? { currency: currency.currency } : {}),
  };
}

/** Digits, maybe a decimal point: what a name's number looks like ("Windows 11", "Python 3.12"). */
const isBare = (r: Reading) =>
  !r.numeral.grouped &&
  !r.negative &&
  !r.fiscal &&
  !r.unit &&
  !r.percent &&
  !r.scale &&
  !r.currency;

/**
 * The word before `space` is a name a number belongs to: all capitals ("ISO", "GPT"), a capital
 * inside it ("iPhone", "PlayStation"), or capitalized ("Windows 11", "Table 3"), unless it is a
 * sentence's first word and an ordinary one: "In 2025" keeps its year, "Over 50" its number.
 */
function followsName(text: string, space: number): boolean {
  const before = text.slice(Math.max(0, space - 40), space);
  const word = /[\p{L}\p{M}&]+$/u.exec(before)?.[0]; // "S&P 500"
  if (!word) return false;
  if (word.length >= 2 && word === word.toUpperCase() && word !== word.toLowerCase()) return true;
  if (/\p{Ll}\p{Lu}/u.test(word)) return true;
  if (!/^\p{Lu}\p{Ll}/u.test(word)) return false;
  const lead = before.slice(0, before.length - word.length).trimEnd();
  const firstWord = lead === "" || /[.!?:;•*-]$/.test(lead);
  return !firstWord || !SENTENCE_OPENERS.has(word.toLowerCase());
}

/** Words a sentence starts with before a number that are no name. */
const SENTENCE_OPENERS = new Set(
  `a about above across after almost along among an and another approximately around at before
  below between but by circa close during each every exactly fewer for from in just less more most
  nearly of on only or over per roughly since some than the then through to under until up with
  within`.split(/\s+/),
);

function yearOf(r: Reading): number | undefined {
  if (!r.numeral.plain || r.negative || r.unit || r.percent || r.scale || r.currency) {
    return undefined;
  }
  const { value, digits } = r.numeral;
  if (r.fiscal && digits === 2) return 2000 + value;
  return digits === 4 && value >= 1900 && value <= 2100 ? value : undefined;
}

const RANGE_JOINER = /^(?: ?[-–—] ?| to | and )$/;

/**
 * In "10–12%", "$10–12 billion" and "between 5 and 10 percent" the first number takes the
 * unit written once after the second (its text becomes the whole range); the second takes
 * the currency written once before the first ("$10–12 billion"), across a dash or "to" only.
 */
function lendAcrossRanges(text: string, readings: Reading[]): Lent[] {
  const lent: Lent[] = readings.map((r) => ({ ...r, textEnd: r.end, dropped: false }));
  for (let i = 0; i + 1 < lent.length; i++) {
    const first = lent[i]!;
    const second = lent[i + 1]!;
    const joiner = text.slice(first.end, second.start);
    if (!RANGE_JOINER.test(joiner) || first.unit || second.unit) continue;
    if (yearOf(first) !== undefined && isYearEnding(second) && /[-–—]/.test(joiner)) {
      second.dropped = true; // "2024–25": the second year, abbreviated; "2024/25" writes it too
    }
    if (yearOf(first) !== undefined || yearOf(second) !== undefined) continue;
    const bareFirst = !first.percent && first.scale === undefined;
    if (bareFirst && (second.percent || second.scale !== undefined)) {
      first.percent = second.percent;
      if (second.scale !== undefined) first.scale = second.scale;
      if (!first.currency && second.currency) first.currency = second.currency;
      first.textEnd = second.end;
    }
    if (first.currency && !second.currency && !second.percent && !/and/.test(joiner)) {
      second.currency = first.currency;
    }
  }
  return lent.filter((r) => !r.dropped);
}

type Lent = Reading & { textEnd: number; dropped: boolean };

const isYearEnding = (r: Reading) =>
  r.numeral.plain && r.numeral.digits === 2 && isBare(r) && !r.fiscal;

function toAmount(r: Lent): Amount {
  const scale = r.scale ?? 1;
  const sign = r.negative ? -1 : 1;
  const year = yearOf(r);
  const kind = r.percent
    ? "percent"
    : r.currency
      ? "money"
      : year !== undefined
        ? "year"
        : "number";
  return {
    kind,
    start: r.start,
    end: r.textEnd,
    value: year ?? sign * r.numeral.value * scale,
    step: r.numeral.step * scale,
    ...(kind === "money" ? { currency: r.currency } : {}),
  };
}
