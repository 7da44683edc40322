// Up to the first character that cannot be part of a URL written in running text or Markdown.
const URL_RUN = /https?:\/\/[^\s<>"'`{}|\\^]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?*_~'"]+$/;

/**
 * Every http(s) URL a reader of `text` could copy, in each way it might be delimited: a URL
 * inside a Markdown link `[text](url)`, in parentheses or at the end of a sentence is also
 * listed without the closing bracket or punctuation that follows it. Over-listing is harmless
 * here: each variant is a prefix of text that was literally present, and a caller that only
 * compares against this set never accepts a URL nobody wrote.
 */
export function urlsInText(text: string): string[] {
  const found = new Set<string>();
  for (const [run] of text.matchAll(URL_RUN)) {
    const variants = [run];
    for (let at = run.search(/[)\]]/); at > 0; at = nextBracket(run, at)) {
      variants.push(run.slice(0, at));
    }
    for (const variant of variants) {
      found.add(variant);
      found.add(variant.replace(TRAILING_PUNCTUATION, ""));
    }
  }
  return [...found].filter((u) => u.length > "https://".length);
}

function nextBracket(run: string, after: number): number {
  const rest = run.slice(after + 1).search(/[)\]]/);
  return rest < 0 ? -1 : after + 1 + rest;
}
