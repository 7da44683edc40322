/**
 * What GitHub turns into a mention or a link in a comment, besides Markdown links: @user and
 * @org/team mentions, #123 / GH-123 / owner/repo#123 issue references, and commit SHAs (7 to 40
 * hex digits). Returns each one found in `text`; a zero-width space after the sign (or inside
 * the hex) keeps GitHub from reading one.
 */
export function githubReferences(text: string): string[] {
  const patterns = [
    /(?<![\w`])@[A-Za-z0-9][\w-]*(?:\/[\w-]+)?/g,
    /(?<![\w&])#\d+/g,
    /\bGH-\d+/gi,
    /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/gi,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map(([found]) => found));
}
