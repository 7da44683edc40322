/**
 * The words and signs around a numeral that change what it states: a currency before or after
 * it, a scale ("bn", "million"), a percent sign or word. Each reader looks at a few characters
 * next to the numeral with anchored patterns (no scanning, no nested quantifiers).
 */

/** Currency signs and codes written before an amount, longest first: "US$" before "$". */
const PREFIX_CURRENCIES: readonly (readonly [string, string])[] = [
  ["US$", "USD"],
  ["AU$", "AUD"],
  ["CA$", "CAD"],
  ["NZ$", "NZD"],
  ["HK$", "HKD"],
  ["A$", "AUD"],
  ["C$", "CAD"],
  ["S$", "SGD"],
  ["R$", "BRL"],
  ["$", "USD"],
  ["€", "EUR"],
  ["£", "GBP"],
  ["¥", "JPY"],
  ["₹", "INR"],
];
const CURRENCY_CODES = new Set(
  "USD EUR GBP JPY CNY RMB CHF CAD AUD NZD HKD SGD INR BRL SEK NOK DKK KRW".split(" "),
);
const canonicalCode = (code: string) => (code === "RMB" ? "CNY" : code);

/** A Map, not an object: a word read from the text ("constructor") must find nothing. */
const lexicon = <T>(entries: Record<string, T>) => new Map(Object.entries(entries));

/** Currency words written after an amount ("4.2 billion dollars", "500 euros"). */
const CURRENCY_WORDS: ReadonlyMap<string, string> = lexicon({
  dollar: "USD",
  dollars: "USD",
  euro: "EUR",
  euros: "EUR",
  pound: "GBP",
  pounds: "GBP",
  sterling: "GBP",
  yen: "JPY",
  yuan: "CNY",
  renminbi: "CNY",
  rupees: "INR",
  francs: "CHF",
});

/** Multipliers written after a number, as one word or glued to it ("4.2bn", "1.2k"). */
const SCALE_WORDS: ReadonlyMap<string, number> = lexicon({
  thousand: 1e3,
  thousands: 1e3,
  lakh: 1e5,
  crore: 1e7,
  million: 1e6,
  millions: 1e6,
  mn: 1e6,
  mln: 1e6,
  mio: 1e6,
  Mio: 1e6,
  billion: 1e9,
  billions: 1e9,
  milliard: 1e9,
  milliards: 1e9,
  Milliarden: 1e9,
  Millionen: 1e6,
  bn: 1e9,
  bln: 1e9,
  Mrd: 1e9,
  trillion: 1e12,
  trillions: 1e12,
  tn: 1e12,
  trn: 1e12,
});
/** Single letters that are a scale only glued to the number or after a currency ("$4.2 M"). */
const LETTER_SCALES: ReadonlyMap<string, number> = lexicon({
  k: 1e3,
  K: 1e3,
  m: 1e6,
  M: 1e6,
  b: 1e9,
  B: 1e9,
  T: 1e12,
});

export const ORDINAL_SUFFIXES = new Set(["st", "nd", "rd", "th"]);

/** Scale of a letter run glued to a number ("bn", "k", "M"); undefined when it is no scale. */
export function gluedScale(letters: string): number | undefined {
  return LETTER_SCALES.get(letters) ?? SCALE_WORDS.get(letters);
}

/** Where the blank after a numeral ends: at most one space (or a no-break space). */
const oneSpace = (text: string, at: number) =>
  /[ \u00A0\u202F]/.test(text[at] ?? "") ? at + 1 : at;
const WORD = /[A-Za-z]+/y;
function wordAt(text: string, at: number): string | undefined {
  WORD.lastIndex = at;
  return WORD.exec(text)?.[0];
}
const startsNumber = (text: string, at: number) => /^[ \u00A0]?[0-9]/.test(text.slice(at, at + 2));
const isLatinLetter = (char: string | undefined) => char !== undefined && /[A-Za-z]/.test(char);

/** A currency sign or code ending right before `at` (one space allowed between): "USD 4.2bn". */
export function currencyBefore(
  text: string,
  at: number,
): { start: number; currency: string } | undefined {
  const end = text[at - 1] === " " || text[at - 1] === "\u00A0" ? at - 1 : at;
  for (const [sign, code] of PREFIX_CURRENCIES) {
    const start = end - sign.length;
    // "US$" must not be read inside "BUS$"; a bare "$" may follow anything.
    if (text.startsWith(sign, start) && (sign.length === 1 || !isLatinLetter(text[start - 1]))) {
      return { start, currency: code };
    }
  }
  const code = text.slice(end - 3, end);
  if (CURRENCY_CODES.has(code) && !isLatinLetter(text[end - 4])) {
    return { start: end - 3, currency: canonicalCode(code) };
  }
  return undefined;
}

/** A currency sign, code or word starting after the numeral (and its scale): "4.2bn USD". */
export function currencyAfter(
  text: string,
  at: number,
): { end: number; currency: string } | undefined {
  const from = oneSpace(text, at);
  const sign = PREFIX_CURRENCIES.find(([s]) => s.length === 1 && text.startsWith(s, from));
  // "10 $20" is two amounts: a sign followed by a number is the next one's.
  if (sign) return startsNumber(text, from + 1) ? undefined : { end: from + 1, currency: sign[1] };
  let start = from;
  // "4.2 billion US dollars", "U.S. dollars"
  for (const us of ["US ", "U.S. "]) if (text.startsWith(us, start)) start += us.length;
  const word = wordAt(text, start);
  if (!word) return undefined;
  const end = start + word.length;
  if (start === from && CURRENCY_CODES.has(word)) return { end, currency: canonicalCode(word) };
  const currency = CURRENCY_WORDS.get(word.toLowerCase());
  return currency ? { end, currency } : undefined;
}

/**
 * A scale word after one space or a hyphen: "4.2 billion", "4.2 bn", "4,2 Mrd.", "$4.2-billion";
 * single letters ("$4.2 M") only after a currency.
 */
export function scaleAfter(
  text: string,
  at: number,
  hasCurrency: boolean,
): { end: number; scale: number } | undefined {
  const from = text[at] === "-" ? at + 1 : oneSpace(text, at);
  if (from === at) return undefined;
  const word = wordAt(text, from);
  if (!word) return undefined;
  const scale = SCALE_WORDS.get(word) ?? SCALE_WORDS.get(word.toLowerCase());
  const letter = hasCurrency ? LETTER_SCALES.get(word) : undefined;
  const found = scale ?? letter;
  if (found === undefined) return undefined;
  const end = from + word.length;
  // "Mio." and "Mrd." abbreviate; a period after "bn" ends the sentence.
  const abbreviated = text[end] === "." && /^(Mio|Mrd|mio|mln|bln)$/.test(word);
  return { end: abbreviated ? end + 1 : end, scale: found };
}

const PERCENT_WORDS =
  /(?:percentage points?|percent|per cent|pct|pourcent|pour cent|por ciento|Prozent|procent)\b/iy;

/** "%", "％", or a percent word after the numeral: "8%", "8 %", "8 per cent", "8 pct". */
export function percentAfter(text: string, at: number): number | undefined {
  const from = oneSpace(text, at);
  if (text[from] === "%" || text[from] === "％") return from + 1;
  if (from === at) return undefined;
  PERCENT_WORDS.lastIndex = from;
  const match = PERCENT_WORDS.exec(text);
  return match ? from + match[0].length : undefined;
}
