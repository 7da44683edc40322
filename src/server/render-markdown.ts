import { Marked, type Tokens } from "marked";
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
 * Research markdown comes from a model that read the web, so it is untrusted: raw HTML is shown
 * as text, links keep only safe schemes (and never send a referrer), and images become links so
 * the page loads nothing from elsewhere.
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
    image({ href, text }: Tokens.Image) {
      const label = escapeHtml(text || "image");
      const safe = safeHref(href);
      return safe
        ? `<a href="${escapeHtml(safe)}" rel="noopener noreferrer nofollow">[image: ${label}]</a>`
        : `[image: ${label}]`;
    },
  },
});

// research.md opens with YAML frontmatter: as Markdown its closing "---" would turn the metadata
// into one big heading, and the page already shows the idea, so it is left out of the HTML.
export function renderMarkdown(markdown: string): string {
  return marked.parse(splitFrontmatter(markdown)?.body ?? markdown, { async: false });
}
