import { readdirSync } from "node:fs";
import path from "node:path";
import MarkdownIt from "markdown-it";

const markdown = new MarkdownIt({ html: true });
type Token = ReturnType<typeof markdown.parse>[number];

export interface MarkdownLink {
  /** As written: `docs/cli.md#explore`, `#options`, `https://…`. */
  target: string;
  /** 1-based line of the block the link is in. */
  line: number;
}

/** Links and images of a Markdown text, code spans and code blocks left out (they are not links). */
export function linksOf(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let line = 1;
  for (const block of markdown.parse(text, {})) {
    // Table cells carry no line of their own: the row before them does.
    if (block.map) line = block.map[0] + 1;
    for (const token of block.children ?? []) {
      const target =
        token.type === "link_open"
          ? token.attrGet("href")
          : token.type === "image"
            ? token.attrGet("src")
            : null;
      if (target !== null) links.push({ target: String(target), line });
    }
  }
  return links;
}

/**
 * The anchors GitHub gives a Markdown file's headings: the heading's text, lower-cased, with
 * everything but letters, digits, `_`, `-` and spaces dropped and each space made `-`; a
 * repeated slug gets `-1`, `-2`, ….
 */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const tokens = markdown.parse(text, {});
  tokens.forEach((token, i) => {
    if (token.type !== "heading_open") return;
    const slug = slugOf(plainText(tokens[i + 1]));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  });
  return anchors;
}

function plainText(inline: Token | undefined): string {
  return (inline?.children ?? [])
    .filter((t) => t.type === "text" || t.type === "code_inline")
    .map((t) => t.content)
    .join("");
}

export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every Markdown file under a folder, recursively. */
export function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}
