/** A number spelled in English words before a scale or percent: "two billion", "five percent". */
export interface SpelledNumber {
  start: number;
  end: number;
  value: number;
}

const UNITS = [
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/**
 * "two", "twelve", "twenty-five", "ninety nine", followed by a space and the start of a word
 * (the caller reads the scale). Alternations only: no nested quantifiers to backtrack through.
 */
const SPELLED = new RegExp(
  `\\b(?:(${TENS.join("|")})(?:[- ](${UNITS.slice(0, 9).join("|")}))?|(${UNITS.join("|")}))(?= (?:thousand|million|billion|trillion|percent|per cent)\\b)`,
  "gi",
);

/**
 * Spelled numbers from one to ninety-nine, only where a scale word or "percent" follows: "three
 * million" is a figure a passage may write as "3 million", but a lone "two" is prose, not a claim
 * to check.
 */
export function spelledNumbers(text: string): SpelledNumber[] {
  return [...text.matchAll(SPELLED)].map((match) => {
    const [all, tens, unitAfterTens, unit] = match;
    const value = tens
      ? (TENS.indexOf(tens.toLowerCase()) + 2) * 10 +
        (unitAfterTens ? UNITS.indexOf(unitAfterTens.toLowerCase()) + 1 : 0)
      : UNITS.indexOf(unit!.toLowerCase()) + 1;
    return { start: match.index, end: match.index + all.length, value };
  });
}
