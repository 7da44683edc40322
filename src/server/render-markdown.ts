import { Marked, type Tokens } from "marked";
import { parseSourcesSection, sourcesHeading } from "../research/citations/sources-section.ts";
import { publishedMarkdown } from "../research/publish/publish-research.ts";
import { yamlLanguage } from "../research/research-document.ts";
import { splitFrontmatter } from "../tools/frontmatter.ts";
import { escapeHtml, linkHtml } from "./html-escape.ts";
import { checksHtml, claimTitle } from "./report-checks/checks-html.ts";
import { splitChecksSection } from "./report-checks/checks-section.ts";
import { type Claim, markClaims } from "./report-checks/mark-claims.ts";

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
      return linkHtml(href, this.parser.parseInline(tokens), title ?? undefined);
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

const render = (markdown: string): string => marked.parse(markdown, { async: false });

// research.md opens with YAML frontmatter: as Markdown its closing "---" would turn the metadata
// into one big heading, and the page already shows the idea, so it is left out of the HTML.
// Its closing Checks section (sentences whose figures the cited source lacks), as republished,
// is read apart from the Markdown: its sentences are marked where the report states them, and it
// is shown as HTML built from its items (report-checks/).
export function renderMarkdown(markdown: string): string {
  const published = publishedMarkdown(markdown);
  const split = splitFrontmatter(published);
  // The product's headings are in the language the frontmatter records (English without one).
  const language = split ? yamlLanguage(split.yaml) : undefined;
  const { report, checks } = splitChecksSection(split?.body ?? published, language);
  if (!checks) return render(report);
  const at = report.lastIndexOf(`\n${sourcesHeading(language)}\n`);
  const body = report.slice(0, at);
  const sources = report.slice(at);
  const claims: Claim[] = checks.items.flatMap((item) =>
    item.sentence === undefined ? [] : [{ sentence: item.sentence, title: claimTitle(item) }],
  );
  return (
    markClaims(render(body), claims) +
    render(sources) +
    checksHtml(checks, parseSourcesSection(sources, language).numbered)
  );
}
