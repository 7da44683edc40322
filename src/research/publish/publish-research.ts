import { renderSourcesSection } from "../citations/sources-section.ts";
import {
  parseReport,
  parseResearch,
  type ResearchDocument,
  renderResearch,
} from "../research-document.ts";
import { sourceKey, withoutSources } from "../source-links.ts";
import { markerPolicy } from "./link-policy.ts";
import { publishSources } from "./published-sources.ts";
import { type Removal, RemovalList } from "./removals.ts";
import { sanitizeMarkdown } from "./sanitize-markdown.ts";

/**
 * A research document as it may be published: its Sources lists hold only pages whose URLs can be
 * published, and its whole body (earlier runs' sections too, which a file written before this
 * check, or edited by hand, may hold anything in) is rebuilt with links only as numbered markers
 * of those pages, numbered as the list numbers them. For a body this product just filed it
 * changes nothing; `removed` says what it took from anything else.
 */
export function publishResearch<D extends Pick<ResearchDocument, "body" | "cited" | "consulted">>(
  doc: D,
): { doc: D; removed: Removal[] } {
  const cited = publishSources(doc.cited);
  const consulted = publishSources(doc.consulted);
  const body = sanitizeMarkdown(doc.body, markerPolicy(cited.sources));
  const removals = new RemovalList();
  removals.addAll([...cited.removed, ...consulted.removed, ...body.removed]);
  const citedKeys = new Set(cited.sources.map((s) => sourceKey(s.url)));
  return {
    doc: {
      ...doc,
      body: body.text,
      cited: cited.sources,
      consulted: withoutSources(consulted.sources, citedKeys),
    },
    removed: removals.list(),
  };
}

/**
 * A stored research.md as a surface may show it (the web page, the API): the document
 * republished (see publishResearch). A file this product wrote comes back unchanged; a file
 * without frontmatter (written by hand) is rebuilt the same way, links kept only to the pages its
 * own Sources section lists.
 */
export function publishedMarkdown(markdown: string): string {
  const doc = parseResearch(markdown);
  if (doc) return renderResearch(publishResearch(doc).doc);
  const report = parseReport(markdown.replace(/\r\n?/g, "\n"));
  const { doc: published } = publishResearch(report);
  const listed = published.cited.length + published.consulted.length > 0;
  const sources = listed
    ? `\n\n${renderSourcesSection(published.cited, published.consulted)}`
    : "\n";
  return `${published.body}${sources}`;
}
