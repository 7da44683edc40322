import { splitFrontmatter } from "../../tools/frontmatter.ts";
import { parseCheckItems, renderChecksSection } from "../checks/checks-section.ts";
import { numberCitations } from "../citations/number-citations.ts";
import { renderSourcesSection, sourcesHeading } from "../citations/sources-section.ts";
import { parseReport, type ResearchDocument, yamlLanguage } from "../research-document.ts";
import { sourceKey, withoutSources } from "../source-links.ts";
import { placeholderPolicy } from "./link-policy.ts";
import { publishSources } from "./published-sources.ts";
import { type Removal, RemovalList } from "./removals.ts";
import { sanitizeMarkdown } from "./sanitize-markdown.ts";

/**
 * A research document as it may be published: its Sources lists hold only pages whose URLs can be
 * published, and its whole body (earlier runs' sections too, which a file written before this
 * check, or edited by hand, may hold anything in) is rebuilt with links only as numbered markers
 * of those pages. Numbers stay as the list has them; a link to a listed page that no marker cited
 * yet becomes a citation with the next number. For a body this product just filed it changes
 * nothing; `removed` says what it took from anything else.
 */
export function publishResearch<
  D extends Pick<ResearchDocument, "body" | "cited" | "consulted" | "checks">,
>(doc: D): { doc: D; removed: Removal[] } {
  const cited = publishSources(doc.cited);
  const listed = publishSources([...doc.cited, ...doc.consulted]);
  const policy = placeholderPolicy(listed.sources);
  const body = sanitizeMarkdown(doc.body, policy);
  const numbered = numberCitations(body.text, cited.sources, listed.sources);
  // The Checks items quote the report and cite its pages: republished by the same rules, their
  // markers numbered as the body numbers them.
  const checks = doc.checks?.length
    ? sanitizeMarkdown(doc.checks.join("\n"), policy)
    : { text: "", removed: [] };
  const checkItems = numberCitations(checks.text, numbered.numbered, listed.sources);
  const removals = new RemovalList();
  removals.addAll([...listed.removed, ...body.removed, ...checks.removed]);
  const citedKeys = new Set(checkItems.numbered.map((s) => sourceKey(s.url)));
  const items = parseCheckItems(checkItems.text);
  return {
    doc: {
      ...doc,
      body: numbered.text,
      cited: checkItems.numbered,
      consulted: withoutSources(listed.sources, citedKeys),
      ...(doc.checks ? { checks: items } : {}),
    },
    removed: removals.list(),
  };
}

/**
 * A stored research.md as a surface may show it (the web page, the API): its report and Sources
 * republished (see publishResearch), its frontmatter as it was (YAML, which renderers show as
 * text). A file this product wrote comes back unchanged; one from before this check, or written by
 * hand, keeps links only to the pages its own Sources section lists.
 */
export function publishedMarkdown(markdown: string): string {
  const text = markdown.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const split = splitFrontmatter(text);
  const rest = split ? `\n${split.body}` : text;
  // The product's headings are in the language the frontmatter records (English without one).
  const language = split ? yamlLanguage(split.yaml) : undefined;
  const { doc } = publishResearch(parseReport(rest, language));
  const hasSources = rest.lastIndexOf(`\n${sourcesHeading(language)}\n`) >= 0;
  const sources = hasSources
    ? `\n\n${renderSourcesSection(doc.cited, doc.consulted, language)}`
    : "\n";
  const checks = renderChecksSection(doc.checks ?? [], language);
  const head = split ? `---\n${split.yaml}\n---\n\n` : "";
  const published = `${head}${doc.body}${sources}${checks ? `\n${checks}` : ""}`;
  // Unchanged but for line ends or trailing blank lines: the file as stored, byte for byte.
  return published.trimEnd() === text.trimEnd() ? markdown : published;
}
