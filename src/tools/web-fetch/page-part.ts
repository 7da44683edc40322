/** Which characters of a page's text one web_fetch call returned. */
export interface PagePart {
  text: string;
  /** The first character's offset, and the offset just past the last one. */
  start: number;
  end: number;
  /** Characters in the whole page text. */
  total: number;
}

/**
 * The part of `text` from `offset`, at most `maxChars` long, cut at the last paragraph, line or
 * word break in its second half when there is one, so no part ends mid-word. Undefined when
 * `offset` is past the end (offset 0 of an empty page is an empty part, not past the end).
 */
export function pagePart(text: string, offset: number, maxChars: number): PagePart | undefined {
  const total = text.length;
  if (offset > 0 && offset >= total) return undefined;
  let end = Math.min(offset + maxChars, total);
  if (end < total) {
    const window = text.slice(offset + Math.floor(maxChars / 2), end);
    const at = [/\n\n(?![\s\S]*\n\n)/, /\n(?![\s\S]*\n)/, /\s(?![\s\S]*\s)/]
      .map((pattern) => pattern.exec(window))
      .find((match) => match !== null);
    if (at) end = offset + Math.floor(maxChars / 2) + at.index + at[0].length;
    // Never split a surrogate pair: a lone half would be invalid text.
    if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  }
  return { text: text.slice(offset, end), start: offset, end, total };
}

/**
 * The line after a part that does not hold the whole page: where it sits, and how to get the
 * next one. Nothing when the page fit in one part.
 */
export function partLine(part: PagePart): string | undefined {
  if (part.start === 0 && part.end >= part.total) return undefined;
  const where = `characters ${part.start}–${part.end} of ${part.total}`;
  return part.end < part.total
    ? `[${where}; call again with \`offset: ${part.end}\` for more]`
    : `[${where}; the end of the page]`;
}
