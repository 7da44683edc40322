import { Marked, type Tokens } from "marked";
import { publishedMarkdown } from "../research/publish/publish-research.ts";
import { splitFrontmatter } from "../tools/frontmatter.ts";

const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:"]);

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** http(s), mailto and in-page anchors only; javascript:, data:, relative paths... are dropped. */
export function safeHref(href: string): string | undefined {
  if (href.startsWith("#")) return href;
  try {
    const url = new URL(href);
    return SAFE_SCHEMES.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Research markdown comes from a model that read the web, so it is untrusted. It is republished
 * first (publishedMarkdown: links only as citations of the pages its Sources list, no images, raw
 * HTML as text; a file written before that check, or by hand, included); this renderer is the
 * second line: raw HTML is shown as text, links keep only safe schemes (and never send a
 * referrer), and an image is its alt text, so the page loads nothing from elsewhere.
 */
const marked = new Marked({
  gfm: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      const safe = safeHref(href);
      if (!safe) return inner;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
      return `<a href="${escapeHtml(safe)}"${titleAttr} rel="noopener noreferrer nofollow">${inner}</a>`;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

// research.md opens with YAML frontmatter: as Markdown its closing "---" would turn the metadata
// into one big heading, and the page already shows the idea, so it is left out of the HTML.
export function renderMarkdown(markdown: string): string {
  const published = publishedMarkdown(markdown);
  return marked.parse(splitFrontmatter(published)?.body ?? published, { async: false });
}
