/**
 * The product, not only the prompt, makes a refresh's update section start with its "What
 * changed" part, so a reader (and the library) always finds it first:
 * - the model wrote that section (a heading, or a bold line alone): it is moved to the front;
 * - it wrote none but opened with text before its first heading: that text goes under the
 *   heading, which is put first;
 * - it opened with a heading: the heading is put first with the report's first paragraph
 *   under it, and the rest follows as written.
 * `section` is the update's report with its headings already demoted under the update's H2
 * (its top level is H3); `heading` is the words of the document's language. A report that
 * names the part in English in a document of another language is recognised too.
 */
export function leadWithWhatChanged(section: string, heading: string): string {
  const text = section.trim();
  const wanted = new Set([normal(heading), normal("What changed")]);
  const parts = topLevelParts(text, wanted);
  const found = parts.findIndex((p) => p.heading !== undefined && wanted.has(normal(p.heading)));
  const title = `### ${heading}`;
  if (found >= 0) {
    const part = parts[found]!;
    const rest = parts.filter((_, i) => i !== found).map((p) => p.text);
    return join([`${title}\n\n${part.content}`, ...rest]);
  }
  const [first, ...rest] = parts;
  if (first && first.heading === undefined) {
    return join([`${title}\n\n${first.text}`, ...rest.map((p) => p.text)]);
  }
  const paragraph = /^(?!#)\S.*(?:\n(?!#)\S.*)*/m.exec(text);
  if (!paragraph) return join([title, text]);
  const without = `${text.slice(0, paragraph.index)}${text.slice(paragraph.index + paragraph[0].length)}`;
  return join([`${title}\n\n${paragraph[0]}`, without.replace(/\n{3,}/g, "\n\n")]);
}

/** A report's leading level-1 title: the document already has one, and the update its date. */
export function withoutLeadingTitle(report: string): string {
  return report.trim().replace(/^#[ \t]+[^\n]*\n*/, "");
}

interface Part {
  /** The heading's words; undefined for the text before the first heading. */
  heading?: string;
  /** The part as written, its heading line included. */
  text: string;
  /** The part without its heading line. */
  content: string;
}

// The update's top level is H3; a line that is only bold words also opens a part when it names
// the What changed part (models write labels so).
const TOP_LEVEL = /^(?:###[ \t]+(.+?)[ \t#]*|\*\*([^*\n]+?)\*\*:?)[ \t]*$/gm;

function topLevelParts(text: string, wanted: ReadonlySet<string>): Part[] {
  const starts = [...text.matchAll(TOP_LEVEL)].filter(
    (m) => m[1] !== undefined || wanted.has(normal(m[2] ?? "")),
  );
  const parts: Part[] = [];
  const before = text.slice(0, starts[0]?.index ?? text.length).trim();
  if (before) parts.push({ text: before, content: before });
  starts.forEach((m, i) => {
    const end = starts[i + 1]?.index ?? text.length;
    parts.push({
      heading: (m[1] ?? m[2] ?? "").trim(),
      text: text.slice(m.index, end).trim(),
      content: text.slice(m.index + m[0].length, end).trim(),
    });
  });
  return parts;
}

function normal(words: string): string {
  return words
    .replace(/^\d+[.)]\s*/, "")
    .replace(/[*_:`]/g, "")
    .trim()
    .toLowerCase();
}

function join(blocks: string[]): string {
  return blocks
    .map((b) => b.trim())
    .filter(Boolean)
    .join("\n\n");
}
