/** A numeral as written: its value and how precisely it is stated. */
export interface Numeral {
  value: number;
  /** The unit of its last digit: 1 for "1,200", 0.1 for "4.2"; rounding is judged against it. */
  step: number;
  /** Digits only, no separator or decimals: "2025" (a year can only be written this way). */
  plain: boolean;
  /** Thousands written apart ("1,200"): no version or model number is. */
  grouped: boolean;
  digits: number;
}

/** Narrow spaces some languages group thousands with ("1 234 567"); an ordinary space never. */
const GROUP_SPACES = new Set(["\u00A0", "\u202F", "\u2009"]);

export const isDigit = (char: string | undefined) =>
  char !== undefined && char >= "0" && char <= "9";

/**
 * The numeral starting at `start` (a digit), read by hand rather than by one regular expression:
 * digit groups joined by "." or "," (or a narrow space before exactly three digits). Undefined
 * when the separators make no number in English or European notation: "3.12.1" (a version),
 * "1,2,3" (a list). `end` is where its characters end, read or not.
 */
export function readNumeral(text: string, start: number): { end: number; numeral?: Numeral } {
  const { groups, separators, end } = readDigitRun(text, start);
  const parsed = interpret(groups, separators);
  if (!parsed) return { end };
  const value = Number(parsed.decimals ? `${parsed.whole}.${parsed.decimals}` : parsed.whole);
  if (!Number.isFinite(value)) return { end };
  const numeral = {
    value,
    step: 10 ** -parsed.decimals.length,
    plain: separators.length === 0,
    grouped: parsed.whole !== groups[0],
    digits: groups.join("").length,
  };
  return { end, numeral };
}

/** Digit groups and the separators between them, as far as the numeral's characters go. */
function readDigitRun(text: string, start: number) {
  const groups: string[] = [];
  const separators: string[] = [];
  let i = start;
  for (;;) {
    const from = i;
    while (isDigit(text[i])) i++;
    groups.push(text.slice(from, i));
    const next = text[i];
    const joinsDigits =
      (next === "." || next === ",") && isDigit(text[i + 1])
        ? true
        : next !== undefined &&
          GROUP_SPACES.has(next) &&
          isDigit(text[i + 1]) &&
          isDigit(text[i + 2]) &&
          isDigit(text[i + 3]) &&
          !isDigit(text[i + 4]);
    if (!joinsDigits) return { groups, separators, end: i };
    separators.push(GROUP_SPACES.has(next!) ? " " : next!);
    i++;
  }
}

/** "1,234.5" and "1.234,5" are both 1234.5; a lone "1.234" is English (a decimal point). */
function interpret(groups: string[], separators: string[]) {
  if (separators.length === 0) return { whole: groups[0]!, decimals: "" };
  const last = separators.at(-1)!;
  const onlyGrouping = (seps: string[], marks: string) => seps.every((s) => marks.includes(s));
  if (onlyGrouping(separators, ", ") || (separators.length > 1 && onlyGrouping(separators, ". "))) {
    if (groupedByThousands(groups)) return { whole: groups.join(""), decimals: "" };
    // "1,5" or "4,25": no English number writes a comma before one or two digits.
    if (separators.length === 1 && last === "," && groups[1]!.length <= 2) {
      return { whole: groups[0]!, decimals: groups[1]! };
    }
    return undefined;
  }
  const decimalMark = last === "," ? "," : ".";
  const grouping = separators.slice(0, -1);
  if (!onlyGrouping(grouping, decimalMark === "." ? ", " : ". ")) return undefined;
  const whole = groups.slice(0, -1);
  if (!groupedByThousands(whole)) return undefined;
  return { whole: whole.join(""), decimals: groups.at(-1)! };
}

function groupedByThousands(groups: string[]): boolean {
  const [first, ...rest] = groups;
  return (
    first !== undefined &&
    first.length >= 1 &&
    (rest.length === 0 || first.length <= 3) &&
    rest.every((g) => g.length === 3)
  );
}
