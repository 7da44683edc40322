/** A date as a text states it: always a month, with a day, a year or both. */
export interface DateMention {
  start: number;
  end: number;
  year?: number;
  month: number;
  day?: number;
}

/** English month names and their abbreviations, capitalized: "may" and "mar" are also words. */
const MONTH_NAME =
  /\b(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b/g;
const MONTH_PREFIXES = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];
/** "2025-03-03", "2025-03", "2025/03/03": a year, a two-digit month, maybe a two-digit day. */
const ISO_DATE = /\b(\d{4})([-/])(\d{2})(?:\2(\d{2}))?(?!\d)/g;
/** "03/2024": month and year (a slash date's "4/2025" is not one: its day comes before). */
const SLASHED_MONTH = /(?<![\d/])(\d{1,2})\/(\d{4})(?![\d/])/g;
/** "03.03.2025", "3.3.2025": day, month, year, as German and much of Europe write them. */
const DOTTED_DATE = /\b(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)/g;
const DAY_AFTER = /^ (\d{1,2})(?:st|nd|rd|th)?(?![0-9A-Za-z])/;
const YEAR_AFTER = /^,? (\d{4})(?!\d)/;
const DAY_BEFORE = /(?:^|[^0-9A-Za-z.,])(\d{1,2})(?:st|nd|rd|th)? (?:of )?$/;

/**
 * Every date in the text: "March 3, 2025", "Mar. 3, 2025", "3 March 2025", "3rd of March 2025",
 * "2025-03-03", "2025/03/03", "03.03.2025", month-year "March 2025" / "2025-03" / "03/2025",
 * and "March 3" without a year. "3/4/2025" is left out: whether its month or its day comes first
 * is not written.
 */
export function datesIn(text: string): DateMention[] {
  const found: DateMention[] = [];
  for (const match of text.matchAll(ISO_DATE)) {
    const [all, year, , month, day] = match;
    const date = validDate(
      Number(year),
      Number(month),
      day === undefined ? undefined : Number(day),
    );
    if (date) found.push({ start: match.index, end: match.index + all.length, ...date });
  }
  for (const match of text.matchAll(SLASHED_MONTH)) {
    const [all, month, year] = match;
    const date = validDate(Number(year), Number(month), undefined);
    if (date) found.push({ start: match.index, end: match.index + all.length, ...date });
  }
  for (const match of text.matchAll(DOTTED_DATE)) {
    const [all, day, month, year] = match;
    const date = validDate(Number(year), Number(month), Number(day));
    if (date) found.push({ start: match.index, end: match.index + all.length, ...date });
  }
  for (const match of text.matchAll(MONTH_NAME)) {
    const date = aroundMonthName(text, match.index, match[0]);
    if (date) found.push(date);
  }
  return found.sort((a, b) => a.start - b.start);
}

function aroundMonthName(text: string, at: number, name: string): DateMention | undefined {
  const month = MONTH_PREFIXES.indexOf(name.slice(0, 3)) + 1;
  let start = at;
  let end = at + name.length;
  if (text[end] === ".") end++;
  let day: number | undefined;
  const after = DAY_AFTER.exec(text.slice(end, end + 6));
  if (after) {
    day = Number(after[1]);
    end += after[0].length;
  } else {
    const before = DAY_BEFORE.exec(text.slice(Math.max(0, at - 10), at));
    if (before) {
      day = Number(before[1]);
      // The pattern's first character may be the one before the day, not the day itself.
      const boundary = /^[0-9]/.test(before[0]) ? 0 : 1;
      start = at - before[0].length + boundary;
    }
  }
  const yearMatch = YEAR_AFTER.exec(text.slice(end, end + 7));
  const year = yearMatch ? Number(yearMatch[1]) : undefined;
  if (yearMatch) end += yearMatch[0].length;
  if (day === undefined && year === undefined) return undefined;
  const date = validDate(year, month, day);
  return date ? { start, end, ...date } : undefined;
}

function validDate(year: number | undefined, month: number, day: number | undefined) {
  if (month < 1 || month > 12) return undefined;
  if (day !== undefined && (day < 1 || day > 31)) return undefined;
  if (year !== undefined && (year < 1000 || year > 2999)) return undefined;
  return {
    month,
    ...(year === undefined ? {} : { year }),
    ...(day === undefined ? {} : { day }),
  };
}
