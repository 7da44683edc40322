import { type Source, sourceKey } from "../source-links.ts";
import { citationMarker, PLACEHOLDER_RUN, placeholderUrls } from "./citation-syntax.ts";

/**
 * Turns a report's citation placeholders into numbered markers. `numbered` holds the pages a
 * document already numbers (an update continues them: a page cited before keeps its number);
 * a page cited for the first time gets the next number, so numbering follows first citation.
 * Placeholders side by side become one group in ascending order, each page once ("[1][3]").
 * Titles come from `retrieved`. Returns the text and the whole numbered list.
 */
export function numberCitations(
  report: string,
  numbered: readonly Source[],
  retrieved: readonly Source[],
): { text: string; numbered: Source[] } {
  const list = [...numbered];
  const numbers = new Map(list.map((source, i) => [sourceKey(source.url), i + 1]));
  const byKey = new Map(retrieved.map((source) => [sourceKey(source.url), source]));
  const numberOf = (url: string) => {
    const key = sourceKey(url);
    const known = numbers.get(key);
    if (known !== undefined) return known;
    const source = byKey.get(key);
    if (!source) return undefined;
    list.push({ title: source.title.trim() || url, url: source.url });
    numbers.set(key, list.length);
    return list.length;
  };
  const text = report.replace(PLACEHOLDER_RUN, (run) => {
    const urls = placeholderUrls(run);
    const numbers = urls.map(numberOf);
    // A placeholder of a page nobody retrieved is not a citation the sanitizer wrote: it can only
    // sit in code, where it stays as the text it is rather than entering the Sources list.
    if (numbers.some((n) => n === undefined)) return run;
    return [...new Set(numbers as number[])]
      .sort((a, b) => a - b)
      .map((n) => citationMarker(n, list[n - 1]!.url))
      .join("");
  });
  return { text, numbered: list };
}
