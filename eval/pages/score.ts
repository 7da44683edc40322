/**
 * Token precision, recall and F1 as article-extraction benchmarks measure them: both texts become
 * bags of lower-cased word tokens (runs of letters and digits), and the overlap is the multiset
 * intersection. Link targets the formatter writes as `[text](https://…)` are not words a reader
 * sees, so they are dropped first; Markdown marks (#, -, |) are not words anyway.
 */
export interface Score {
  precision: number;
  recall: number;
  f1: number;
}

export function wordTokens(text: string): string[] {
  return (
    text
      .replace(/\]\([^)\s]*\)/g, "]")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

export function tokenScore(extracted: string, expected: string): Score {
  const want = new Map<string, number>();
  for (const token of wordTokens(expected)) want.set(token, (want.get(token) ?? 0) + 1);
  const got = wordTokens(extracted);
  let overlap = 0;
  for (const token of got) {
    const left = want.get(token) ?? 0;
    if (left > 0) {
      overlap++;
      want.set(token, left - 1);
    }
  }
  const expectedCount = wordTokens(expected).length;
  const precision = got.length ? overlap / got.length : expectedCount ? 0 : 1;
  const recall = expectedCount ? overlap / expectedCount : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
