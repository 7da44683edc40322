/**
 * Splits a Markdown file into its YAML frontmatter and the rest, the one reading every caller
 * shares: a leading BOM, CRLF line ends and spaces after the closing `---` are tolerated. The
 * YAML is returned as text; parsing it (and how strictly) is the caller's choice.
 */
export function splitFrontmatter(markdown: string): { yaml: string; body: string } | undefined {
  const text = markdown.replace(/^\uFEFF/, "");
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return undefined;
  return { yaml: match[1] ?? "", body: text.slice(match[0].length) };
}
