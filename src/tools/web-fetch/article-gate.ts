/**
 * When the extracted article replaces the page's full text. Both thresholds come from what an
 * article is, not from any test page:
 * - at least MIN_ARTICLE_WORDS words: Readability's own bar for "found an article" is 500
 *   characters (its charThreshold), some 80 words of English; below that it returns its best
 *   short guess, which is more often a teaser or a caption than the page's content;
 * - at least MIN_ARTICLE_SHARE of the page's words: an article's page is mostly the article,
 *   even with a menu, a footer and comments around it (those rarely outweigh it three to one).
 *   When Readability keeps less, it has most likely picked one block of a page whose content is
 *   spread over many (a forum thread, a listing, an index), and the model is better served by
 *   the whole page than by a fragment: missing content costs more than reading some chrome.
 */
export const MIN_ARTICLE_WORDS = 80;
export const MIN_ARTICLE_SHARE = 0.25;

export function acceptsArticle(articleText: string, pageText: string): boolean {
  const article = countWords(articleText);
  const page = countWords(pageText);
  return article >= MIN_ARTICLE_WORDS && article >= MIN_ARTICLE_SHARE * page;
}

/** Words a reader sees: the formatter's link targets `](https://…)` are not counted. */
export function countWords(text: string): number {
  return text.replace(/\]\([^)\s]*\)/g, "]").match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}
